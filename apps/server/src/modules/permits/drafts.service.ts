import type { TPermit, TPermitDraftParsed } from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { requireLiveContractor } from "../../access/live-contractor";
import { permitPartyOf, requireDraftCreator, requireDraftEditor, type TPermitParty } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { files, permitEvents, permitFiles, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { removeStoredFiles } from "../files/files.service";
import { notifyCrewAdded } from "../notifications";
import { checkedCrew, crewCompanyOf, crewCompanyOfParty, replaceCrew } from "./crew/members";
import { resolveDraft } from "./draft-references";
import { DRAFT_STATUSES, isDraft } from "./draft-status";
import { replaceContent } from "./permit-content";
import { findVisiblePermit, readPermit, relationOfRow } from "./permit-read";

const notListed = () => new AppError("COMPANY_NOT_LISTED", "You do not work for this company.");

/** The enterprise a party may make a permit for, and whose supplier it is (404 COMPANY_NOT_LISTED else). */
async function creatorSide(db: TDb, party: TPermitParty, enterpriseId: string) {
  if (party.side === "principal") {
    if (party.enterpriseId !== enterpriseId) throw notListed();
    return { supplierId: null, internal: true };
  }
  await requireLiveContractor(db, party, enterpriseId);
  return { supplierId: party.supplierId, internal: false };
}

const fieldsOf = (draft: TPermitDraftParsed) => ({
  sectorId: draft.sectorId,
  subSectorId: draft.subSectorId,
  workTypeId: draft.workTypeId,
  taskTitle: draft.taskTitle,
  jobDescription: draft.jobDescription,
  generalInformation: draft.generalInformation,
  additionalInformation: draft.additionalInformation,
  subcontractor: draft.subcontractor,
  startAt: draft.startAt ? new Date(draft.startAt) : null,
  endAt: draft.endAt ? new Date(draft.endAt) : null,
  probabilityId: draft.probabilityId,
  severityId: draft.severityId,
  answers: draft.answers,
  newRiskDescription: draft.newRiskDescription,
});

/** A new `pending` draft of the caller, with its `create` event. */
export async function createPermit(ctx: TContext, caller: TCaller, draft: TPermitDraftParsed): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const side = await creatorSide(ctx.db, party, draft.enterpriseId);
  const resolved = await resolveDraft(ctx.db, party, draft.enterpriseId, draft);
  const crew = await checkedCrew(ctx.db, crewCompanyOfParty(party), draft.crewIds);
  const now = new Date();
  const { id, told } = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, draft.enterpriseId);
    const [row] = await tx
      .insert(permits)
      .values({
        enterpriseId: draft.enterpriseId,
        divisionId: resolved.divisionId,
        ...side,
        createdBy: party.userId,
        status: "pending",
        ...fieldsOf(draft),
      })
      .returning({ id: permits.id });
    await replaceContent(tx, row!.id, resolved);
    await tx
      .insert(permitEvents)
      .values({ permitId: row!.id, action: "create", fromStatus: null, toStatus: "pending", actorId: party.userId });
    const added = await replaceCrew(tx, row!.id, crew, now);
    const actor = { id: party.userId, name: caller.name };
    return {
      id: row!.id,
      told: await notifyCrewAdded(ctx, tx, client, { permitId: row!.id, workerIds: added, status: "pending", actor }),
    };
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit", id, action: "create", by: party.userId }, "permit created");
  return readPermit(ctx.db, party, id);
}

/**
 * A permit the party may edit now: its creator's side, while a draft, a contractor only while affiliated with an
 * active enterprise. Someone who sees it but may not edit it gets 403; a permit that left the draft statuses 409.
 */
export async function editablePermit(ctx: TContext, party: TPermitParty, id: string) {
  const row = await findVisiblePermit(ctx.db, party, id);
  requireDraftEditor(relationOfRow(party, row));
  if (!isDraft(row.permit.status)) throw new AppError("CONFLICT", "This permit was sent: it can no longer change.");
  // A contractor no longer affiliated may not keep preparing work there (said early: its write checks it again).
  await requireLiveContractor(ctx.db, party, row.permit.enterpriseId);
  return row;
}

/** Replaces the whole draft (while pending or Recheck), with an `edit` event. */
export async function updatePermit(
  ctx: TContext,
  caller: TCaller,
  id: string,
  draft: TPermitDraftParsed,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await editablePermit(ctx, party, id);
  const { permit } = row;
  if (draft.enterpriseId !== permit.enterpriseId) {
    throw new AppError("VALIDATION_FAILED", "A permit stays with its enterprise.", { enterpriseId: "invalidValue" });
  }
  // The place is judged as its creator may use it (a supplier editing its employee's draft is a contractor too).
  const resolved = await resolveDraft(ctx.db, party, permit.enterpriseId, draft);
  const crew = await checkedCrew(ctx.db, crewCompanyOf(permit), draft.crewIds);
  const now = new Date();
  const updated = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, permit.enterpriseId);
    const [changed] = await tx
      .update(permits)
      .set({ ...fieldsOf(draft), divisionId: resolved.divisionId, updatedAt: now })
      .where(and(eq(permits.id, id), inArray(permits.status, [...DRAFT_STATUSES])))
      .returning({ status: permits.status });
    if (!changed) return false;
    await replaceContent(tx, id, resolved);
    await tx.insert(permitEvents).values({
      permitId: id,
      action: "edit",
      fromStatus: changed.status,
      toStatus: changed.status,
      actorId: party.userId,
    });
    // (A draft has nobody signed on: its crew is replaced freely.)
    const added = await replaceCrew(tx, id, crew, now);
    const actor = { id: party.userId, name: caller.name };
    return {
      told: await notifyCrewAdded(ctx, tx, client, { permitId: id, workerIds: added, status: changed.status, actor }),
    };
  });
  if (!updated) throw new AppError("CONFLICT", "This permit was sent meanwhile: it can no longer change.");
  if (updated.told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit", id, action: "edit", by: party.userId }, "permit edited");
  return readPermit(ctx.db, party, id);
}

export async function getPermit(ctx: TContext, caller: TCaller, id: string): Promise<TPermit> {
  return readPermit(ctx.db, await permitPartyOf(ctx, caller), id);
}

/**
 * Deletes a draft that was never sent, by its creator (403 for others who see it, 409 once sent). Its files go
 * with it.
 */
export async function deletePermit(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  requireDraftCreator(party, row.permit.createdBy);
  const neverSent = and(eq(permits.id, id), eq(permits.status, "pending"), isNull(permits.documentNumber));
  const storageKeys = await inTransaction(ctx.pool, async (tx) => {
    const links = await tx.select({ fileId: permitFiles.fileId }).from(permitFiles).where(eq(permitFiles.permitId, id));
    const [gone] = await tx.delete(permits).where(neverSent).returning({ id: permits.id });
    if (!gone) return null;
    await appendAudit(tx, {
      by: caller,
      action: "permit.deleted",
      object: ["permit", id],
      enterpriseId: row.permit.enterpriseId,
      details: { title: row.permit.taskTitle },
    });
    if (links.length === 0) return [];
    // The permit's file links went with it (cascade); the file records are ours to remove.
    const removed = await tx
      .delete(files)
      .where(
        inArray(
          files.id,
          links.map((l) => l.fileId),
        ),
      )
      .returning({ storageKey: files.storageKey });
    return removed.map((f) => f.storageKey);
  });
  if (storageKeys === null) throw new AppError("CONFLICT", "Only a draft that was never sent may be deleted.");
  await removeStoredFiles(ctx, storageKeys);
  ctx.log.info({ event: "permit", id, action: "delete", by: party.userId }, "permit deleted");
}
