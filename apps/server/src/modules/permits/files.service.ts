import { PERMIT_LIMITS, type TPermitFile } from "@openpermit/shared";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { requireLiveContractor } from "../../access/live-contractor";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { files, permitFiles, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import { displayName, type TStoredUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { recordFile, removeStoredFiles } from "../files/files.service";
import { DRAFT_STATUSES } from "./draft-status";
import { editablePermit } from "./drafts.service";
import { findVisiblePermit, permitFileUrl } from "./permit-read";

const noLongerDraft = () => new AppError("CONFLICT", "This permit was sent: its files can no longer change.");

/**
 * Attaches a file (PDF, image or office document by its content, else 415: `receive` streams it to the storage and
 * checks it) to a draft its creator's side may edit, at most PERMIT_LIMITS.filesMax files (409). Who may upload is
 * settled before a byte is read.
 */
export async function addPermitFile(
  ctx: TContext,
  caller: TCaller,
  id: string,
  receive: () => Promise<TStoredUpload>,
): Promise<TPermitFile> {
  const party = await permitPartyOf(ctx, caller);
  const { permit } = await editablePermit(ctx, party, id);
  const upload = await receive();
  const storageKey = upload.key;
  try {
    const linked = await inTransaction(ctx.pool, async (tx) => {
      await requireLiveContractor(tx, party, permit.enterpriseId);
      // The permit's row lock makes two uploads at once count one after the other, and waits for a send.
      const [locked] = await tx
        .execute<{ status: string }>(sql`SELECT status FROM ${permits} WHERE ${permits.id} = ${id} FOR UPDATE`)
        .then((r) => r.rows);
      if (!locked || !(DRAFT_STATUSES as readonly string[]).includes(locked.status)) throw noLongerDraft();
      const [held] = await tx.select({ n: count() }).from(permitFiles).where(eq(permitFiles.permitId, id));
      if ((held?.n ?? 0) >= PERMIT_LIMITS.filesMax) {
        throw new AppError("CONFLICT", `A permit holds at most ${PERMIT_LIMITS.filesMax} files.`);
      }
      const fileId = await recordFile(tx, {
        storageKey,
        byteSize: upload.byteSize,
        sha256: upload.sha256,
        contentType: upload.contentType,
        createdBy: party.userId,
        quotaBytes: ctx.config.storageQuotaBytes,
      });
      const [row] = await tx
        .insert(permitFiles)
        .values({ permitId: id, fileId, name: displayName(upload.filename) })
        .returning();
      return row!;
    });
    ctx.log.info(
      { event: "permit-file", id, fileId: linked.id, by: party.userId, type: upload.contentType },
      "file added",
    );
    return {
      id: linked.id,
      name: linked.name,
      contentType: upload.contentType,
      byteSize: upload.byteSize,
      url: permitFileUrl(id, linked.id),
      createdAt: linked.createdAt.toISOString(),
    };
  } catch (error) {
    await removeStoredFiles(ctx, [storageKey]);
    throw error;
  }
}

const fileOf = (permitId: string, fileId: string) =>
  and(eq(permitFiles.permitId, permitId), eq(permitFiles.id, fileId));

/** A file of a permit the caller sees, for serving it. */
export async function openPermitFile(ctx: TContext, caller: TCaller, id: string, fileId: string) {
  const party = await permitPartyOf(ctx, caller);
  await findVisiblePermit(ctx.db, party, id);
  const [row] = await ctx.db
    .select({
      name: permitFiles.name,
      storageKey: files.storageKey,
      contentType: files.contentType,
      byteSize: files.byteSize,
    })
    .from(permitFiles)
    .innerJoin(files, eq(files.id, permitFiles.fileId))
    .where(fileOf(id, fileId));
  if (!row) throw notFound("file");
  return row;
}

/** Removes a file of a draft its creator's side may edit. */
export async function deletePermitFile(ctx: TContext, caller: TCaller, id: string, fileId: string): Promise<void> {
  const party = await permitPartyOf(ctx, caller);
  const { permit } = await editablePermit(ctx, party, id);
  const storageKeys = await inTransaction(ctx.pool, async (tx) => {
    await requireLiveContractor(tx, party, permit.enterpriseId);
    const [locked] = await tx
      .execute<{ status: string }>(sql`SELECT status FROM ${permits} WHERE ${permits.id} = ${id} FOR UPDATE`)
      .then((r) => r.rows);
    if (!locked || !(DRAFT_STATUSES as readonly string[]).includes(locked.status)) throw noLongerDraft();
    const links = await tx.delete(permitFiles).where(fileOf(id, fileId)).returning({ fileId: permitFiles.fileId });
    if (links.length === 0) throw notFound("file");
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
  await removeStoredFiles(ctx, storageKeys);
  ctx.log.info({ event: "permit-file", id, fileId, by: party.userId }, "file removed");
}
