import {
  extensionEndMissing,
  PERMIT_WINDOW_DEFAULTS,
  type TExtensionRefuse,
  type TExtensionRequest,
  type TExtensionSign,
  type TPermit,
  V,
} from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { requireLiveContractor } from "../../../access/live-contractor";
import {
  permitPartyOf,
  requireExtensionAsker,
  requireExtensionSigner,
  type TPermitParty,
} from "../../../access/permits";
import type { TContext } from "../../../context";
import { inTransaction, type TDb } from "../../../db/client";
import { permitExtensions, permits, workTypes } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { notFound } from "../../../lib/not-found";
import type { TCaller } from "../../../plugins/auth";
import { markNoticesDone, notifyShift } from "../../notifications";
import { lockPermit } from "../crew/crew.service";
import { findVisiblePermit, readPermit, relationOfRow, stateOfRow } from "../permit-read";
import { storeSignature } from "../signatures/records";
import { movedMeanwhile } from "../workflow.service";
import { recordShiftStep } from "./record";
import { checkShiftSignature } from "./shift-sign";

async function maxValidityOf(db: TDb, workTypeId: string | null): Promise<number> {
  if (!workTypeId) return PERMIT_WINDOW_DEFAULTS.maxValidityHours;
  const [row] = await db
    .select({ hours: workTypes.maxValidityHours })
    .from(workTypes)
    .where(eq(workTypes.id, workTypeId));
  return row?.hours ?? PERMIT_WINDOW_DEFAULTS.maxValidityHours;
}

/**
 * The holder asks to extend the end (docs/decisions.md, "Extension"): later than the current end and than now,
 * within the work type's maximum validity counted from the window's start (400 naming `newEndAt`); one pending at
 * a time (409). The permit carries on under its current end; the sector's signers are told.
 */
export async function askExtension(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TExtensionRequest,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const relation = relationOfRow(party, row);
  requireExtensionAsker(row.permit.status, relation, stateOfRow(row), movedMeanwhile);
  const { startAt, endAt } = row.permit;
  if (!startAt || !endAt) throw movedMeanwhile();
  const now = new Date();
  const newEndAt = new Date(input.newEndAt);
  const missing = extensionEndMissing(
    { startAt, endAt },
    newEndAt,
    await maxValidityOf(ctx.db, row.permit.workTypeId),
    now,
  );
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION_FAILED", "Choose another end.", missing);
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const locked = await lockPermit(tx, id);
    requireExtensionAsker(locked.status, relation, locked.state, movedMeanwhile);
    const [pending] = await tx
      .select({ id: permitExtensions.id })
      .from(permitExtensions)
      .where(and(eq(permitExtensions.permitId, id), isNull(permitExtensions.decision)));
    if (pending) {
      throw new AppError("CONFLICT", "An extension of this permit waits for its decision.", {
        newEndAt: V.extensionPending,
      });
    }
    await tx.insert(permitExtensions).values({
      permitId: id,
      askedBy: party.userId,
      askedAt: now,
      reason: input.reason,
      oldEndAt: endAt,
      newEndAt,
    });
    await recordShiftStep(tx, caller, row, "extensionAsked", input.reason, { oldEndAt: endAt, newEndAt }, now);
    return notifyShift(ctx, tx, client, {
      kind: "permit.extensionAsked",
      permitId: id,
      status: locked.status,
      actor: { id: party.userId, name: caller.name },
      remark: input.reason,
      audience: row.permit.levelFlow === "verify" ? "sectorVerifiers" : "sectorApprovers",
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-extension", id, by: party.userId, newEndAt }, "extension asked");
  return readPermit(ctx.db, party, id);
}

/** The pending extension (404 when not of this permit, 409 once decided) and the caller's right to decide it. */
async function pendingOf(ctx: TContext, party: TPermitParty, id: string, extensionId: string) {
  const row = await findVisiblePermit(ctx.db, party, id);
  requireExtensionSigner(relationOfRow(party, row), row.permit.levelFlow ?? "verify_and_approve");
  const [extension] = await ctx.db
    .select()
    .from(permitExtensions)
    .where(and(eq(permitExtensions.id, extensionId), eq(permitExtensions.permitId, id)));
  if (!extension) throw notFound("extension");
  if (extension.decision !== null) throw movedMeanwhile();
  return { row, extension };
}

/** The extension's decision, written once (of two signers at once one wins, the other 409). */
async function decide(
  tx: TDb,
  extensionId: string,
  decision: { decision: "signed" | "refused"; decidedBy: string; decidedAt: Date; remark?: string },
) {
  const [done] = await tx
    .update(permitExtensions)
    .set(decision)
    .where(and(eq(permitExtensions.id, extensionId), isNull(permitExtensions.decision)))
    .returning({ id: permitExtensions.id });
  if (!done) throw movedMeanwhile();
}

/**
 * The sector's signer signs the extension: the permit's end moves to the new one (overdue and its escalation are
 * then judged against it, and warned again if it is overrun), with an `extend` signature over the permit as
 * extended. Refused (409) when the permit moved on meanwhile (its end changed, closed out, ended, cancelled).
 */
export async function signExtension(
  ctx: TContext,
  caller: TCaller,
  id: string,
  extensionId: string,
  input: TExtensionSign,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row, extension } = await pendingOf(ctx, party, id, extensionId);
  const newEndAt = extension.newEndAt.toISOString();
  const signature = await checkShiftSignature(ctx, caller, party, id, input, { endAt: newEndAt });
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await decide(tx, extensionId, { decision: "signed", decidedBy: party.userId, decidedAt: now });
    const [moved] = await tx
      .update(permits)
      .set({ endAt: extension.newEndAt, overdueWarnedAt: null, overdueEscalatedAt: null, updatedAt: now })
      .where(
        and(
          eq(permits.id, id),
          eq(permits.endAt, extension.oldEndAt),
          inArray(permits.status, ["accepted", "In_progress"]),
          isNull(permits.closedOutAt),
        ),
      )
      .returning({ id: permits.id });
    if (!moved) throw movedMeanwhile();
    await storeSignature(tx, { permitId: id, kind: "extend", signerId: party.userId, at: now, ...signature });
    const details = { oldEndAt: extension.oldEndAt, newEndAt: extension.newEndAt };
    await recordShiftStep(tx, caller, row, "extensionSigned", null, details, now);
    await markNoticesDone(tx, client, [id], ["permit.extensionAsked"]);
    return notifyShift(ctx, tx, client, {
      kind: "permit.extensionSigned",
      permitId: id,
      status: row.permit.status,
      actor: { id: party.userId, name: caller.name },
      remark: null,
      audience: "holder",
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-extension", id, by: party.userId, signed: extensionId }, "extension signed");
  return readPermit(ctx.db, party, id);
}

/** The sector's signer refuses the extension, with a remark: the end stays; the holder is told. */
export async function refuseExtension(
  ctx: TContext,
  caller: TCaller,
  id: string,
  extensionId: string,
  input: TExtensionRefuse,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row } = await pendingOf(ctx, party, id, extensionId);
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await decide(tx, extensionId, {
      decision: "refused",
      decidedBy: party.userId,
      decidedAt: now,
      remark: input.remark,
    });
    await recordShiftStep(tx, caller, row, "extensionRefused", input.remark, { extensionId }, now);
    await markNoticesDone(tx, client, [id], ["permit.extensionAsked"]);
    return notifyShift(ctx, tx, client, {
      kind: "permit.extensionRefused",
      permitId: id,
      status: row.permit.status,
      actor: { id: party.userId, name: caller.name },
      remark: input.remark,
      audience: "holder",
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-extension", id, by: party.userId, refused: extensionId }, "extension refused");
  return readPermit(ctx.db, party, id);
}
