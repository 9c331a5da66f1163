import { RISK_LIMITS, type TProcedureFile, V } from "@openpermit/shared";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { files, procedureFiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { displayName, type TStoredUpload } from "../../lib/uploads";
import { recordFile, removeStoredFiles } from "../files/files.service";

/** What holds a procedure file, and the base of the files' URLs. */
export type TFileOwner =
  | { kind: "workTypeId"; id: string; base: string }
  | { kind: "specificRiskId"; id: string; base: string };

const ownedBy = (owner: TFileOwner) =>
  eq(owner.kind === "workTypeId" ? procedureFiles.workTypeId : procedureFiles.specificRiskId, owner.id);

const columns = {
  fileId: procedureFiles.fileId,
  workTypeId: procedureFiles.workTypeId,
  specificRiskId: procedureFiles.specificRiskId,
  name: procedureFiles.name,
  contentType: files.contentType,
  byteSize: files.byteSize,
  storageKey: files.storageKey,
  createdAt: files.createdAt,
};

type TRow = { fileId: string; name: string; contentType: string; byteSize: number; createdAt: Date };
const toFile = (base: string, row: TRow): TProcedureFile => ({
  id: row.fileId,
  name: row.name,
  contentType: row.contentType,
  byteSize: row.byteSize,
  url: `${base}/files/${row.fileId}`,
  createdAt: row.createdAt.toISOString(),
});

/** The procedure files of several owners of one kind, by owner id, oldest first. */
export async function procedureFilesOf(
  db: TDb,
  kind: TFileOwner["kind"],
  ownerIds: string[],
  base: (ownerId: string) => string,
): Promise<Map<string, TProcedureFile[]>> {
  const byOwner = new Map<string, TProcedureFile[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return byOwner;
  const column = kind === "workTypeId" ? procedureFiles.workTypeId : procedureFiles.specificRiskId;
  const rows = await db
    .select(columns)
    .from(procedureFiles)
    .innerJoin(files, eq(files.id, procedureFiles.fileId))
    .where(inArray(column, ownerIds))
    .orderBy(asc(files.createdAt), asc(files.id));
  for (const row of rows) {
    const ownerId = (kind === "workTypeId" ? row.workTypeId : row.specificRiskId)!;
    byOwner.get(ownerId)?.push(toFile(base(ownerId), row));
  }
  return byOwner;
}

/**
 * Adds a procedure file (PDF, image or office document by content, else 415: checked as it was streamed to the
 * storage, `receiveDocument`) to an owner the caller may edit (checked before). At most RISK_LIMITS.filesPerOwner
 * files per owner.
 */
export async function addProcedureFile(
  ctx: TContext,
  owner: TFileOwner,
  upload: TStoredUpload,
  createdBy: string,
): Promise<TProcedureFile> {
  const storageKey = upload.key;
  try {
    const fileId = await inTransaction(ctx.pool, async (tx) => {
      const [held] = await tx.select({ n: count() }).from(procedureFiles).where(ownedBy(owner));
      if ((held?.n ?? 0) >= RISK_LIMITS.filesPerOwner) {
        throw new AppError("VALIDATION_FAILED", "Too many files.", { file: V.tooManyItems });
      }
      const id = await recordFile(tx, {
        storageKey,
        byteSize: upload.byteSize,
        sha256: upload.sha256,
        contentType: upload.contentType,
        createdBy,
        quotaBytes: ctx.config.storageQuotaBytes,
      });
      await tx
        .insert(procedureFiles)
        .values({ fileId: id, [owner.kind]: owner.id, name: displayName(upload.filename) });
      return id;
    });
    const [row] = await ctx.db
      .select(columns)
      .from(procedureFiles)
      .innerJoin(files, eq(files.id, procedureFiles.fileId))
      .where(eq(procedureFiles.fileId, fileId));
    ctx.log.info(
      { event: "procedure-file", owner: owner.id, fileId, by: createdBy, type: upload.contentType },
      "file added",
    );
    return toFile(owner.base, row!);
  } catch (error) {
    await removeStoredFiles(ctx, [storageKey]);
    throw error;
  }
}

/** One procedure file of an owner the caller sees, for serving it (undefined when it has no such file). */
export async function findProcedureFile(db: TDb, owner: TFileOwner, fileId: string) {
  const [row] = await db
    .select(columns)
    .from(procedureFiles)
    .innerJoin(files, eq(files.id, procedureFiles.fileId))
    .where(and(ownedBy(owner), eq(procedureFiles.fileId, fileId)));
  return row;
}

/** Removes a procedure file of an owner the caller may edit; false when it has no such file. */
export async function removeProcedureFile(ctx: TContext, owner: TFileOwner, fileId: string): Promise<boolean> {
  const row = await findProcedureFile(ctx.db, owner, fileId);
  if (!row) return false;
  await ctx.db.delete(files).where(eq(files.id, fileId));
  await removeStoredFiles(ctx, [row.storageKey]);
  return true;
}
