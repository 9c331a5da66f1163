import type { TAuditAction } from "@openpermit/shared";
import type { TDb } from "../../../db/client";
import { permitEvents } from "../../../db/schema";
import type { TCaller } from "../../../plugins/auth";
import { appendAudit } from "../../audit/append";
import type { TPermitRow } from "../permit-read";

/** The steps of an extension and of a handover, as the history names them, with their audit action. */
const AUDIT_OF = {
  extensionAsked: "permit.extensionAsked",
  extensionSigned: "permit.extensionSigned",
  extensionRefused: "permit.extensionRefused",
  handoverStarted: "permit.handoverStarted",
  handover: "permit.handedOver",
  handoverCancelled: "permit.handoverCancelled",
} as const satisfies Record<string, TAuditAction>;

/** An extension's or a handover's step on the permit's history (its status unchanged) and in the audit trail. */
export async function recordShiftStep(
  tx: TDb,
  caller: TCaller,
  row: TPermitRow,
  step: keyof typeof AUDIT_OF,
  remark: string | null,
  details: Record<string, unknown>,
  now: Date,
) {
  const { status } = row.permit;
  await tx.insert(permitEvents).values({
    permitId: row.permit.id,
    action: step,
    fromStatus: status,
    toStatus: status,
    actorId: caller.id,
    remark: remark?.slice(0, 500) ?? null,
    createdAt: now,
  });
  await appendAudit(tx, {
    by: caller,
    action: AUDIT_OF[step],
    object: ["permit", row.permit.id],
    enterpriseId: row.permit.enterpriseId,
    details,
  });
}
