import type { TPermit } from "@openpermit/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import { requireLiveContractor } from "../../access/live-contractor";
import { permitPartyOf, requireMayCreateFor } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { matrixAxisLevels, permitEvents, permits, sectors, subSectors, workTypes } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { notifyCrewAdded } from "../notifications";
import { crewCandidates, crewCompanyOfParty, crewIdsOf, replaceCrew } from "./crew/members";
import { findVisiblePermit, readPermit } from "./permit-read";

/** Whether a row still exists (and is live), for keeping a reference in the copy. */
async function live(query: Promise<unknown[]>) {
  return (await query).length > 0;
}

/**
 * A new `pending` draft of the caller with the original's work (place, work type, descriptions, rating, risks,
 * specific risks, protective equipment) but none of its attestations: no window, no Yes/No answers, no ticked
 * checklist, no files, no number, no signature — whoever sends the copy answers for it anew, for this job on this
 * day (docs/safety.md). The crew's names are copied (the crew is part of the work: who does it), those the caller's
 * company may still name, never their sign-ons (each is briefed anew for this job). For anyone who may create permits for its enterprise and sees it. What was deleted since (a sector, a work type, a
 * risk…) is left out of the copy rather than refused: the caller completes the draft. History: `duplicate`.
 */
export async function duplicatePermit(ctx: TContext, caller: TCaller, id: string): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const { permit: original } = await findVisiblePermit(ctx.db, party, id);
  await requireLiveContractor(ctx.db, party, original.enterpriseId);
  await requireMayCreateFor(ctx.db, party, original.enterpriseId);
  const [sectorLive, subLive, workTypeLive, probabilityLive, severityLive] = await Promise.all([
    original.sectorId
      ? live(
          ctx.db
            .select({ id: sectors.id })
            .from(sectors)
            .where(and(eq(sectors.id, original.sectorId), isNull(sectors.deletedAt))),
        )
      : false,
    original.subSectorId
      ? live(
          ctx.db
            .select({ id: subSectors.id })
            .from(subSectors)
            .where(and(eq(subSectors.id, original.subSectorId), isNull(subSectors.deletedAt))),
        )
      : false,
    original.workTypeId
      ? live(
          ctx.db
            .select({ id: workTypes.id })
            .from(workTypes)
            .where(and(eq(workTypes.id, original.workTypeId), isNull(workTypes.deletedAt))),
        )
      : false,
    original.probabilityId
      ? live(ctx.db.select().from(matrixAxisLevels).where(eq(matrixAxisLevels.id, original.probabilityId)))
      : false,
    original.severityId
      ? live(ctx.db.select().from(matrixAxisLevels).where(eq(matrixAxisLevels.id, original.severityId)))
      : false,
  ]);
  const sectorId = sectorLive ? original.sectorId : null;
  const nameable = new Set((await crewCandidates(ctx.db, crewCompanyOfParty(party))).map((c) => c.id));
  const crew = (await crewIdsOf(ctx.db, id)).filter((worker) => nameable.has(worker));
  const { copyId, told } = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, original.enterpriseId);
    const [copy] = await tx
      .insert(permits)
      .values({
        enterpriseId: original.enterpriseId,
        divisionId: sectorId ? original.divisionId : party.side === "principal" ? party.divisionId : null,
        sectorId,
        subSectorId: sectorId && subLive ? original.subSectorId : null,
        workTypeId: workTypeLive ? original.workTypeId : null,
        supplierId: party.side === "contractor" ? party.supplierId : null,
        internal: party.side === "principal",
        createdBy: party.userId,
        status: "pending",
        taskTitle: original.taskTitle,
        jobDescription: original.jobDescription,
        generalInformation: original.generalInformation,
        additionalInformation: original.additionalInformation,
        subcontractor: original.subcontractor,
        probabilityId: probabilityLive ? original.probabilityId : null,
        severityId: severityLive ? original.severityId : null,
        newRiskDescription: original.newRiskDescription,
      })
      .returning({ id: permits.id, workTypeId: permits.workTypeId });
    const newId = copy!.id;
    // The lists, without what was deleted since (EPIs: those the enterprise still uses).
    await tx.execute(sql`
      INSERT INTO permit_risks (permit_id, risk_id, position)
      SELECT ${newId}, pr.risk_id, pr.position FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id
      WHERE pr.permit_id = ${id} AND r.deleted_at IS NULL`);
    await tx.execute(sql`
      INSERT INTO permit_specific_risks (permit_id, specific_risk_id, position)
      SELECT ${newId}, ps.specific_risk_id, ps.position
      FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
      WHERE ps.permit_id = ${id} AND s.deleted_at IS NULL`);
    await tx.execute(sql`
      INSERT INTO permit_epis (permit_id, epi_id, position)
      SELECT ${newId}, pe.epi_id, pe.position FROM permit_epis pe JOIN epis e ON e.id = pe.epi_id
      JOIN enterprise_epis ee ON ee.epi_id = pe.epi_id AND ee.enterprise_id = ${original.enterpriseId}
      WHERE pe.permit_id = ${id} AND e.deleted_at IS NULL`);
    // The checklist is answered anew on the copy (the form shows the items unticked).
    await tx
      .insert(permitEvents)
      .values({ permitId: newId, action: "duplicate", fromStatus: null, toStatus: "pending", actorId: party.userId });
    await appendAudit(tx, {
      by: caller,
      action: "permit.duplicated",
      object: ["permit", newId],
      enterpriseId: original.enterpriseId,
      details: { from: id },
    });
    const added = await replaceCrew(tx, newId, crew, new Date());
    const actor = { id: party.userId, name: caller.name };
    const notified = await notifyCrewAdded(ctx, tx, client, {
      permitId: newId,
      workerIds: added,
      status: "pending",
      actor,
    });
    return { copyId: newId, told: notified };
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit", id: copyId, action: "duplicate", of: id, by: party.userId }, "permit duplicated");
  return readPermit(ctx.db, party, copyId);
}
