import { CREW_SIGN_ON_DECLARATION, type TCrewSignOn, type TPermit, V } from "@openpermit/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { requireLiveContractor } from "../../../access/live-contractor";
import { permitPartyOf, requireCrewChanger, requireCrewSigner, type TPermitParty } from "../../../access/permits";
import type { TContext } from "../../../context";
import { inTransaction, type TDb } from "../../../db/client";
import { enterprises, permitCrewSignOns, permitEvents, permits, users } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { notFound } from "../../../lib/not-found";
import type { TCaller } from "../../../plugins/auth";
import { appendAudit } from "../../audit/append";
import { requireCompliantWorker } from "../../compliance/gates";
import { notifyCrewAdded } from "../../notifications";
import { findVisiblePermit, readPermit, relationOfRow, stateOfRow, type TPermitRow } from "../permit-read";
import { movedMeanwhile } from "../workflow.service";
import { checkedCrew, crewCompanyOf, crewIdsOf, replaceCrew } from "./members";

/**
 * The permit's row, locked for the rest of the transaction: a crew change, a sign-on, a sign-off and the start
 * take it in turn, so the start gate never counts a worker signed off meanwhile (start-check.ts).
 */
export async function lockPermit(tx: TDb, id: string) {
  const [row] = await tx
    .select({ status: permits.status, closedOutAt: permits.closedOutAt, suspendedAt: permits.suspendedAt })
    .from(permits)
    .where(eq(permits.id, id))
    .for("update");
  return { status: row!.status, state: { closedOut: row!.closedOutAt !== null, suspended: row!.suspendedAt !== null } };
}

const namesOf = async (db: TDb, ids: string[]) => {
  if (ids.length === 0) return "";
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids
    .map((id) => byId.get(id) ?? "")
    .join(", ")
    .slice(0, 500);
};

/**
 * The holder changes the crew (PUT /permits/:id/crew) until the permit ends: the workers must be of the permit's
 * company (404 otherwise); a worker signed on cannot be removed (409 naming `workerIds`: sign them off first).
 * History `crew` (the crew after it), audit `permit.crewChanged`, the workers added told — in one transaction.
 */
export async function changeCrew(ctx: TContext, caller: TCaller, id: string, workerIds: string[]): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const relation = relationOfRow(party, row);
  requireCrewChanger(row.permit.status, relation, stateOfRow(row), movedMeanwhile);
  const crew = await checkedCrew(ctx.db, crewCompanyOf(row.permit), workerIds, "workerIds");
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const locked = await lockPermit(tx, id);
    requireCrewChanger(locked.status, relation, locked.state, movedMeanwhile);
    const signedOn = await tx
      .select({ workerId: permitCrewSignOns.workerId })
      .from(permitCrewSignOns)
      .where(and(eq(permitCrewSignOns.permitId, id), isNull(permitCrewSignOns.signedOffAt)));
    if (signedOn.some((s) => !crew.includes(s.workerId))) {
      throw new AppError("CONFLICT", "Sign the worker off before removing them from the crew.", {
        workerIds: V.workerSignedOn,
      });
    }
    const added = await replaceCrew(tx, id, crew, now);
    await tx.insert(permitEvents).values({
      permitId: id,
      action: "crew",
      fromStatus: locked.status,
      toStatus: locked.status,
      actorId: party.userId,
      remark: (await namesOf(tx, crew)) || null,
      createdAt: now,
    });
    await appendAudit(tx, {
      by: caller,
      action: "permit.crewChanged",
      object: ["permit", id],
      enterpriseId: row.permit.enterpriseId,
      details: { crew, added },
    });
    return notifyCrewAdded(ctx, tx, client, {
      permitId: id,
      workerIds: added,
      status: locked.status,
      actor: { id: party.userId, name: caller.name },
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-crew", id, by: party.userId, crew: crew.length }, "permit crew changed");
  return readPermit(ctx.db, party, id);
}

/** The permit and the worker as a sign-on or sign-off needs them: the worker must be on its crew (404 otherwise). */
async function crewWorker(ctx: TContext, party: TPermitParty, id: string, workerId: string) {
  const row = await findVisiblePermit(ctx.db, party, id);
  if (!(await crewIdsOf(ctx.db, id)).includes(workerId)) throw notFound("worker");
  return { row, relation: relationOfRow(party, row), isWorker: workerId === party.userId };
}

/** The worker's sign-on to the permit that is open now (not signed off). */
const openSignOn = (permitId: string, workerId: string) =>
  and(
    eq(permitCrewSignOns.permitId, permitId),
    eq(permitCrewSignOns.workerId, workerId),
    isNull(permitCrewSignOns.signedOffAt),
  );

/** How many other live permits (accepted, or in progress and not closed out) the worker is signed on to now. */
async function liveSignOnsElsewhere(tx: TDb, workerId: string, permitId: string): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM ${permitCrewSignOns} s JOIN ${permits} p ON p.id = s.permit_id
    WHERE s.worker_id = ${workerId} AND s.signed_off_at IS NULL AND s.permit_id <> ${permitId}
      AND p.status IN ('accepted', 'In_progress') AND p.closed_out_at IS NULL`);
  return result.rows[0]!.count;
}

async function permitsPerWorker(tx: TDb, row: TPermitRow): Promise<number> {
  const [enterprise] = await tx
    .select({ limit: enterprises.permitsPerWorker })
    .from(enterprises)
    .where(eq(enterprises.id, row.permit.enterpriseId));
  return enterprise!.limit;
}

/**
 * Signs a worker on (briefed on the permit's hazards and precautions): the holder on their behalf or the worker
 * themselves, with the ticked declaration, while the permit is accepted or in progress and not closed out. The
 * worker may be signed on to no more live permits than the enterprise allows (default one): 409 naming `crew`.
 * The worker's row is locked while counting, so two sign-ons of one worker at once cannot both pass the limit.
 */
export async function signOn(
  ctx: TContext,
  caller: TCaller,
  id: string,
  workerId: string,
  input: TCrewSignOn,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row, relation, isWorker } = await crewWorker(ctx, party, id, workerId);
  requireCrewSigner("signOn", row.permit.status, relation, stateOfRow(row), isWorker, movedMeanwhile);
  if (input.declaration !== true) {
    throw new AppError("VALIDATION_FAILED", "Declare that the worker was briefed.", {
      declaration: V.declarationRequired,
    });
  }
  const language = input.language ?? caller.language;
  const now = new Date();
  await inTransaction(ctx.pool, async (tx) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const locked = await lockPermit(tx, id);
    requireCrewSigner("signOn", locked.status, relation, locked.state, isWorker, movedMeanwhile);
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE id = ${workerId} FOR NO KEY UPDATE`);
    const [already] = await tx
      .select({ id: permitCrewSignOns.id })
      .from(permitCrewSignOns)
      .where(openSignOn(id, workerId));
    if (already) throw new AppError("CONFLICT", "This worker is signed on already.", { crew: V.workerSignedOn });
    await requireCompliantWorker(tx, row.permit, workerId, now);
    if ((await liveSignOnsElsewhere(tx, workerId, id)) >= (await permitsPerWorker(tx, row))) {
      throw new AppError("CONFLICT", "This worker is signed on to another live permit.", {
        crew: V.workerOnAnotherPermit,
      });
    }
    await tx.insert(permitCrewSignOns).values({
      permitId: id,
      workerId,
      signedOnAt: now,
      signedOnBy: party.userId,
      language,
      declaration: CREW_SIGN_ON_DECLARATION[language],
    });
    await recordCrewEvent(tx, caller, row, "signOn", locked.status, workerId, now);
  });
  ctx.log.info({ event: "permit-crew-sign-on", id, worker: workerId, by: party.userId }, "worker signed on");
  return readPermit(ctx.db, party, id);
}

/** Signs a worker off (they left the work): the holder or the worker, while signed on (409 otherwise). */
export async function signOff(ctx: TContext, caller: TCaller, id: string, workerId: string): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { row, relation, isWorker } = await crewWorker(ctx, party, id, workerId);
  requireCrewSigner("signOff", row.permit.status, relation, stateOfRow(row), isWorker, movedMeanwhile);
  const now = new Date();
  await inTransaction(ctx.pool, async (tx) => {
    const locked = await lockPermit(tx, id);
    const [off] = await tx
      .update(permitCrewSignOns)
      .set({ signedOffAt: now, signedOffBy: party.userId })
      .where(openSignOn(id, workerId))
      .returning({ id: permitCrewSignOns.id });
    if (!off) throw new AppError("CONFLICT", "This worker is not signed on.", { crew: V.workerNotSignedOn });
    await recordCrewEvent(tx, caller, row, "signOff", locked.status, workerId, now);
  });
  ctx.log.info({ event: "permit-crew-sign-off", id, worker: workerId, by: party.userId }, "worker signed off");
  return readPermit(ctx.db, party, id);
}

/** The sign-on or sign-off on the permit's history (status unchanged) and in the audit trail. */
export async function recordCrewEvent(
  tx: TDb,
  caller: TCaller,
  row: TPermitRow,
  action: "signOn" | "signOff",
  status: TPermitRow["permit"]["status"],
  workerId: string,
  now: Date,
) {
  await tx.insert(permitEvents).values({
    permitId: row.permit.id,
    action,
    fromStatus: status,
    toStatus: status,
    actorId: caller.id,
    workerId,
    createdAt: now,
  });
  await appendAudit(tx, {
    by: caller,
    action: action === "signOn" ? "permit.crewSignOn" : "permit.crewSignOff",
    object: ["permit", row.permit.id],
    enterpriseId: row.permit.enterpriseId,
    details: { worker: workerId },
  });
}
