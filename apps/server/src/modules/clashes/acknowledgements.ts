import {
  isClashAcknowledgedAction,
  type TClashPermit,
  type TPermitAction,
  type TPermitActionInput,
  V,
} from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { permitClashAcknowledgements } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { clashesOf } from "./detect";

/** How a refusal names another permit: its number (every clashing permit was sent, so has one) and its task. */
const labelOf = (permit: TClashPermit) => `${permit.documentNumber} (${permit.taskTitle})`;

/**
 * The clash gate of a send, verify or approve (docs/safety.md, "Clashes are acknowledged before signing"), run
 * in the action's transaction after its conditional UPDATE: recomputes the permit's clashes now and refuses (409
 * CLASHES_UNACKNOWLEDGED, field `clashes`, `details.permits`) unless the body carries a remark for each — a clash
 * that appeared after the signer's dialog opened must be acknowledged too; then records each acknowledgement (who,
 * when: the step's history event's time, which permit, which step, why they clashed, the remark). Remarks on
 * permits that no longer clash are not kept. Checks of one enterprise take turns (a transaction lock): of two
 * permits sent at once at one place, the second sees the first and must acknowledge it.
 */
export async function requireClashesAcknowledged(
  tx: TDb,
  permit: { id: string; enterpriseId: string },
  action: TPermitAction,
  input: TPermitActionInput,
  signerId: string,
  at: Date,
): Promise<void> {
  if (!isClashAcknowledgedAction(action)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clashes:${permit.enterpriseId}`}))`);
  const clashes = await clashesOf(tx, permit.id);
  if (clashes.length === 0) return;
  const remarks = new Map((input.clashAcknowledgements ?? []).map((a) => [a.documentNumber, a.remark.trim()]));
  const missing = clashes.filter((clash) => !remarks.get(clash.permit.documentNumber));
  if (missing.length > 0) {
    const permits = missing.map((clash) => labelOf(clash.permit)).join(", ");
    throw new AppError(
      "CLASHES_UNACKNOWLEDGED",
      `Acknowledge each clash with a remark first: ${permits}.`,
      { clashes: V.clashesUnacknowledged },
      { details: { permits } },
    );
  }
  await tx.insert(permitClashAcknowledgements).values(
    clashes.map((clash) => ({
      permitId: permit.id,
      otherPermitId: clash.permit.id!,
      step: action,
      rules: clash.rules,
      remark: remarks.get(clash.permit.documentNumber)!,
      acknowledgedBy: signerId,
      acknowledgedAt: at,
    })),
  );
}
