import {
  mayTake,
  OPEN_PERMIT,
  permitAuditAction,
  REMARK_REQUIRED_ACTIONS,
  type TPermit,
  type TPermitAction,
  type TPermitActionInput,
  type TPermitStatus,
  targetOf,
  V,
  WINDOW_GATED_ACTIONS,
} from "@openpermit/shared";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { requireLiveContractorFor } from "../../access/live-contractor";
import { permitPartyOf, refusePermitAction, type TPermitParty } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { permitEvents, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken } from "../../lib/crypto";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { requireClashesAcknowledged } from "../clashes/acknowledgements";
import { requireCompliantCrew } from "../compliance/gates";
import { lowCreditsWarning } from "../credits/low-credits";
import { takeNumberAndCredit } from "../credits/permit-account";
import { requireFreshGasTest } from "../gas-tests/start-check";
import { checkIsolationsInPlace } from "../isolations/start-check";
import { CALLS_CLOSED_BY_A_MOVE, markNoticesDone, notifyPermitTransition } from "../notifications";
import { acceptanceOf } from "./acceptance";
import { requireSignedOnCrew } from "./crew/start-check";
import { findVisiblePermit, readPermit, relationOfRow, stateOfRow, type TPermitRow } from "./permit-read";
import { checkInsideWindow, checkSendable } from "./send-checks";
import { actionExtras } from "./signatures/action-extras";
import { checkNoEmergencyInForce, noEmergencyInForce } from "./suspension";

const notBy = (column: typeof permits.createdBy | typeof permits.verifiedBy, userId: string) =>
  sql`${column} IS DISTINCT FROM ${userId}`;

export const movedMeanwhile = () => new AppError("CONFLICT", "This permit changed meanwhile: reload it.");

/**
 * 403 when the table never lets this person take the action; 409 when it would have from another status (the
 * permit moved on, e.g. another manager acted first).
 */
function refuse(action: TPermitAction, row: TPermitRow, party: TPermitParty): never {
  refusePermitAction(action, relationOfRow(party, row), movedMeanwhile);
}

type TChange = Partial<typeof permits.$inferInsert>;

/** The columns an action sets beyond the status, and extra conditions of its atomic write (four eyes). */
function changeOf(
  action: TPermitAction,
  userId: string,
  now: Date,
  remark: string | null,
): { set: TChange; guard?: SQL } {
  switch (action) {
    case "send":
      // A new review starts: the previous verification and approval (before a recheck) no longer hold.
      return { set: { sentAt: now, verifiedBy: null, verifiedAt: null, approvedBy: null, approvedAt: null } };
    case "verify":
      return { set: { verifiedBy: userId, verifiedAt: now }, guard: notBy(permits.createdBy, userId) };
    case "approve":
      return {
        set: { approvedBy: userId, approvedAt: now },
        guard: and(notBy(permits.createdBy, userId), notBy(permits.verifiedBy, userId)),
      };
    case "recheck":
    case "reject":
      return { set: { remark } };
    case "start":
      // Held while suspended; and never under an emergency stop (also in the UPDATE: one declared meanwhile wins).
      // The holder's first shift begins (a handover is due a shift later: docs/decisions.md, Shift handover).
      return { set: { shiftStartedAt: now }, guard: and(isNull(permits.suspendedAt), noEmergencyInForce()) };
    case "suspend":
      return {
        set: { suspendedAt: now, suspendedBy: userId, suspensionReason: remark, suspendedByEmergencyId: null },
        guard: and(isNull(permits.suspendedAt), isNull(permits.closedOutAt)),
      };
    case "resume":
      // The history keeps who suspended it and why (the suspend or emergencyStop event).
      return {
        set: { suspendedAt: null, suspendedBy: null, suspensionReason: null, suspendedByEmergencyId: null },
        guard: and(isNotNull(permits.suspendedAt), noEmergencyInForce()),
      };
    default:
      return { set: {} };
  }
}

/** Moves the permit from `from` to `to` if nobody moved it meanwhile; false when someone did. */
async function move(
  tx: TDb,
  row: TPermitRow,
  from: TPermitStatus,
  to: TPermitStatus,
  change: { set: TChange; guard?: SQL },
  now: Date,
  extraGuard?: SQL,
): Promise<boolean> {
  const [moved] = await tx
    .update(permits)
    .set({ ...change.set, status: to, updatedAt: now })
    .where(and(eq(permits.id, row.permit.id), eq(permits.status, from), change.guard, extraGuard))
    .returning({ id: permits.id });
  return moved !== undefined;
}

/**
 * Takes a workflow action: the table decides (403 / 409), then one transaction moves the status with a
 * conditional UPDATE (of two people acting at once exactly one wins, the other gets 409) and writes the history
 * event. The first send takes the enterprise's next document number and one credit in the same transaction.
 */
export async function takeAction(
  ctx: TContext,
  caller: TCaller,
  id: string,
  action: TPermitAction,
  input: TPermitActionInput = {},
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const from = row.permit.status;
  const state = stateOfRow(row);
  if (!mayTake(action, from, relationOfRow(party, row), state)) {
    // Someone who could start it, but it is held: say why rather than "changed meanwhile".
    if (action === "start" && state.suspended && mayTake(action, from, relationOfRow(party, row), OPEN_PERMIT)) {
      throw new AppError("PERMIT_SUSPENDED", "This permit is suspended: a manager must sign its resumption first.");
    }
    refuse(action, row, party);
  }
  const remark = input.remark?.trim() || null;
  if (REMARK_REQUIRED_ACTIONS.includes(action) && !remark) {
    throw new AppError("VALIDATION_FAILED", "Say why.", { remark: V.descriptionRequired });
  }
  const now = new Date();
  // Signatures (password, declaration) and the close-out's answers: checked before anything is written.
  const extras = await actionExtras(ctx, caller, party, id, action, input, now);
  let level: { name: string; colour: string; flow: "verify" | "verify_and_approve" } | undefined;
  if (action === "send") level = await checkSendable(ctx.db, party, row, now);
  if (WINDOW_GATED_ACTIONS.includes(action)) await checkInsideWindow(ctx.db, row, now);
  if (action === "start" || action === "resume") await checkNoEmergencyInForce(ctx.db, row.permit);
  const flow = row.permit.levelFlow ?? "verify_and_approve";
  const to = targetOf(action, flow, from);
  const base = changeOf(action, party.userId, now, remark);
  const change = { set: { ...base.set, ...extras.set }, guard: and(base.guard, extras.guard) };
  if (action === "accept") change.set = { ...change.set, ...acceptanceOf(caller, input, now) };
  if (level) {
    // The level is kept as it is at this send: a later matrix change leaves the sent permit as it was, and a
    // permit edited after a recheck is judged on its new cell.
    change.set = { ...change.set, levelName: level.name, levelColour: level.colour, levelFlow: level.flow };
  }
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    // A contractor detached or an enterprise disabled meanwhile: refused before anything is taken (number, credit).
    await requireLiveContractorFor(tx, party, row.permit, action);
    // A send also requires the content it checked to be the content it sends (no edit slipped in between).
    // (Compared to the millisecond: what JavaScript read back of a microsecond timestamp.)
    const unchanged =
      action === "send"
        ? sql`date_trunc('milliseconds', ${permits.updatedAt}) = ${row.permit.updatedAt.toISOString()}::timestamptz`
        : undefined;
    if (action === "start") await checkIsolationsInPlace(tx, id);
    if (!(await move(tx, row, from, to, change, now, unchanged))) throw movedMeanwhile();
    if (action === "start") await requireSignedOnCrew(tx, id);
    // A passing gas test no older than the interval where the work type requires one: resuming after a suspension
    // (a failed test's above all) does not skip it. Read on the row the UPDATE holds, which a test also locks.
    if (action === "start" || action === "resume") await requireFreshGasTest(tx, id, now);
    // Everyone signed on holds what the work type needs today: an item that lapsed during the work also keeps a
    // suspended permit from resuming (docs/decisions.md, "Compliance gates").
    if (action === "start" || action === "resume") await requireCompliantCrew(tx, row.permit, now);
    await extras.write?.(tx);
    if (action === "send" && row.permit.documentNumber === null) {
      const warnLow = lowCreditsWarning(ctx, client);
      const documentNumber = await takeNumberAndCredit(tx, row.permit.enterpriseId, party.userId, id, now, warnLow);
      // The printed permit's QR code opens its public check with this unguessable token (permit-documents).
      await tx.update(permits).set({ documentNumber, checkToken: randomToken() }).where(eq(permits.id, id));
    }
    await tx.insert(permitEvents).values({
      permitId: id,
      action,
      fromStatus: from,
      toStatus: to,
      actorId: party.userId,
      remark,
      createdAt: now,
    });
    // What the permit's notices called for in the status it leaves is done, for everyone they went to.
    if (to !== from) await markNoticesDone(tx, client, [id], CALLS_CLOSED_BY_A_MOVE);
    // In this transaction: a transition that rolls back tells nobody.
    const notified = await notifyPermitTransition(ctx, tx, client, {
      permitId: id,
      action,
      from,
      to,
      actor: { id: party.userId, name: caller.name },
      remark,
    });
    // Last but the audit entry: the clash check's lock, like the audit chain's, is the enterprise's and is held until
    // commit, so whatever follows it here is every other signer's of the enterprise wait (docs/performance.md).
    await requireClashesAcknowledged(tx, row.permit, action, input, party.userId, now);
    await appendAudit(tx, {
      by: caller,
      action: permitAuditAction(action),
      object: ["permit", id],
      enterpriseId: row.permit.enterpriseId,
      details: { from, to },
    });
    return notified;
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit", id, action, from, to, by: party.userId }, "permit moved");
  return readPermit(ctx.db, party, id);
}
