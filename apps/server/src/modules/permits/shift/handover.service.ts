import { type THandoverAccept, type THandoverStart, type TPermit, V } from "@openpermit/shared";
import { and, eq, isNull } from "drizzle-orm";
import { requireLiveContractor } from "../../../access/live-contractor";
import {
  permitPartyOf,
  requireHandoverParty,
  requireHandoverStarter,
  requireIncomingHolder,
  type TPermitParty,
} from "../../../access/permits";
import type { TContext } from "../../../context";
import { inTransaction, type TDb } from "../../../db/client";
import { permitCrewSignOns, permitHandovers, permits } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { notFound } from "../../../lib/not-found";
import type { TCaller } from "../../../plugins/auth";
import { markNoticesDone, notifyShift } from "../../notifications";
import { lockPermit, recordCrewEvent } from "../crew/crew.service";
import { checkedCrew, crewCompanyOf } from "../crew/members";
import { findVisiblePermit, readPermit, relationOfRow, stateOfRow } from "../permit-read";
import { storeSignature } from "../signatures/records";
import { movedMeanwhile } from "../workflow.service";
import { recordShiftStep } from "./record";
import { checkShiftSignature } from "./shift-sign";

const openHandoverOf = (permitId: string) =>
  and(eq(permitHandovers.permitId, permitId), isNull(permitHandovers.acceptedAt), isNull(permitHandovers.cancelledAt));

/**
 * The outgoing holder starts a shift handover (docs/decisions.md, "Shift handover"): the note is required, the
 * incoming holder must be of the permit's company (as its crew is: 404 naming `toId` otherwise) and not the
 * holder (400); the outgoing holder signs (`handoverOut`); one open at a time (409). The incoming holder is told.
 */
export async function startHandover(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: THandoverStart,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const relation = relationOfRow(party, row);
  requireHandoverStarter(row.permit.status, relation, stateOfRow(row), movedMeanwhile);
  await checkedCrew(ctx.db, crewCompanyOf(row.permit), [input.toId], "toId");
  const holderId = row.permit.holderId ?? row.permit.createdBy;
  if (input.toId === holderId || input.toId === party.userId) {
    throw new AppError("VALIDATION_FAILED", "Hand over to someone else.", { toId: V.handoverToHolder });
  }
  const signature = await checkShiftSignature(ctx, caller, party, id, input);
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const locked = await lockPermit(tx, id);
    requireHandoverStarter(locked.status, relation, locked.state, movedMeanwhile);
    const [open] = await tx.select({ id: permitHandovers.id }).from(permitHandovers).where(openHandoverOf(id));
    if (open) throw new AppError("CONFLICT", "A handover of this permit is under way.", { toId: V.handoverPending });
    await tx
      .insert(permitHandovers)
      .values({ permitId: id, fromId: party.userId, toId: input.toId, note: input.note, startedAt: now });
    await storeSignature(tx, { permitId: id, kind: "handoverOut", signerId: party.userId, at: now, ...signature });
    await recordShiftStep(tx, caller, row, "handoverStarted", input.note, { to: input.toId }, now);
    return notifyShift(ctx, tx, client, {
      kind: "permit.handoverAsked",
      permitId: id,
      status: locked.status,
      actor: { id: party.userId, name: caller.name },
      remark: null,
      audience: { people: [input.toId] },
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-handover", id, by: party.userId, to: input.toId }, "handover started");
  return readPermit(ctx.db, party, id);
}

/** The open handover of this permit (404 when not of it, 409 once accepted or cancelled). */
async function openOf(ctx: TContext, party: TPermitParty, id: string, handoverId: string) {
  const row = await findVisiblePermit(ctx.db, party, id);
  const [handover] = await ctx.db
    .select()
    .from(permitHandovers)
    .where(and(eq(permitHandovers.id, handoverId), eq(permitHandovers.permitId, id)));
  if (!handover) throw notFound("handover");
  if (handover.acceptedAt !== null || handover.cancelledAt !== null) throw movedMeanwhile();
  return { row, handover };
}

/** Closes the handover once (of two steps at once, one wins: the other 409). */
async function closeHandover(tx: TDb, handoverId: string, set: Partial<typeof permitHandovers.$inferInsert>) {
  const [done] = await tx
    .update(permitHandovers)
    .set(set)
    .where(
      and(eq(permitHandovers.id, handoverId), isNull(permitHandovers.acceptedAt), isNull(permitHandovers.cancelledAt)),
    )
    .returning({ id: permitHandovers.id });
  if (!done) throw movedMeanwhile();
}

/**
 * Signs off, at the handover, the workers who leave with the outgoing shift: everyone signed on unless the
 * incoming holder keeps the crew; the outgoing holder in any case (they leave). Returns who was signed off.
 */
async function signOffLeavers(tx: TDb, permitId: string, outgoing: string, keepCrew: boolean, by: string, now: Date) {
  const leaving = keepCrew ? eq(permitCrewSignOns.workerId, outgoing) : undefined;
  const off = await tx
    .update(permitCrewSignOns)
    .set({ signedOffAt: now, signedOffBy: by })
    .where(and(eq(permitCrewSignOns.permitId, permitId), isNull(permitCrewSignOns.signedOffAt), leaving))
    .returning({ workerId: permitCrewSignOns.workerId });
  return off.map((o) => o.workerId);
}

/**
 * The incoming holder accepts the handover by signing (`handover`): they become the holder, a new shift starts
 * (the handover-due clock restarts), and the crew follows `keepCrew` (signOffLeavers). Only while the work is in
 * progress and not closed out (409). The holder's side, the managers who handled it and the crew are told.
 */
export async function acceptHandover(
  ctx: TContext,
  caller: TCaller,
  id: string,
  handoverId: string,
  input: THandoverAccept,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row, handover } = await openOf(ctx, party, id, handoverId);
  requireIncomingHolder(party, handover);
  const signature = await checkShiftSignature(ctx, caller, party, id, input);
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const locked = await lockPermit(tx, id);
    if (locked.status !== "In_progress" || locked.state.closedOut) throw movedMeanwhile();
    await closeHandover(tx, handoverId, { acceptedAt: now, crewKept: input.keepCrew });
    await tx
      .update(permits)
      .set({ holderId: handover.toId, shiftStartedAt: now, handoverDueWarnedAt: null, updatedAt: now })
      .where(and(eq(permits.id, id), eq(permits.status, "In_progress")));
    const signedOff = await signOffLeavers(tx, id, handover.fromId, input.keepCrew, party.userId, now);
    for (const workerId of signedOff) await recordCrewEvent(tx, caller, row, "signOff", locked.status, workerId, now);
    await storeSignature(tx, { permitId: id, kind: "handover", signerId: party.userId, at: now, ...signature });
    const details = { from: handover.fromId, to: handover.toId, crewKept: input.keepCrew, signedOff };
    await recordShiftStep(tx, caller, row, "handover", null, details, now);
    await markNoticesDone(tx, client, [id], ["permit.handoverAsked", "permit.handoverDue"]);
    return notifyShift(ctx, tx, client, {
      kind: "permit.handedOver",
      permitId: id,
      status: locked.status,
      actor: { id: party.userId, name: caller.name },
      remark: null,
      audience: "handedOver",
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-handover", id, by: party.userId, accepted: handoverId }, "handover accepted");
  return readPermit(ctx.db, party, id);
}

/** The outgoing or the incoming holder cancels an open handover: nothing changes hands. */
export async function cancelHandover(ctx: TContext, caller: TCaller, id: string, handoverId: string): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row, handover } = await openOf(ctx, party, id, handoverId);
  requireHandoverParty(party, handover);
  const now = new Date();
  await inTransaction(ctx.pool, async (tx, client) => {
    await closeHandover(tx, handoverId, { cancelledAt: now, cancelledBy: party.userId });
    await recordShiftStep(tx, caller, row, "handoverCancelled", null, { handoverId }, now);
    // The incoming holder has nothing left to accept.
    await markNoticesDone(tx, client, [id], ["permit.handoverAsked"]);
  });
  ctx.log.info({ event: "permit-handover", id, by: party.userId, cancelled: handoverId }, "handover cancelled");
  return readPermit(ctx.db, party, id);
}
