import { createHash } from "node:crypto";
import { V } from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { files, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** Images larger than this on a side are refused: browsers struggle with them, and no site plan needs more. */
export const MAX_IMAGE_SIDE = 16_384;

export interface TImageFacts {
  contentType: string;
  width: number;
  height: number;
}

/**
 * What an uploaded image really is, read from its bytes (the name and the declared type are the client's
 * word, and not taken): one of `accepted`, else 415. Width and height are as displayed: a JPEG whose EXIF
 * orientation turns it a quarter has them swapped.
 */
export async function inspectImage(data: Buffer, accepted: readonly string[], field: string): Promise<TImageFacts> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !accepted.includes(type.mime)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Only ${accepted.join(", ")} images are accepted.`);
  }
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(data);
  } catch {
    throw new AppError("VALIDATION_FAILED", "This image cannot be read.", { [field]: V.invalidValue });
  }
  const turned = (size.orientation ?? 1) >= 5;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  if (!(width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE)) {
    throw new AppError("VALIDATION_FAILED", `Images may be at most ${MAX_IMAGE_SIDE} pixels on a side.`, {
      [field]: V.invalidValue,
    });
  }
  return { contentType: type.mime, width, height };
}

/**
 * Refuses (413 STORAGE_QUOTA_EXCEEDED) a file that would take the uploader's company past `quotaBytes`: the bytes
 * of every file its people have stored (docs/decisions.md, "Storage quotas"). Inside the upload's transaction, with
 * the company's lock held to its end, so two uploads at once are counted one after the other. The admin's files
 * (the platform's catalogue) count against no company.
 */
async function requireStorageRoom(db: TDb, createdBy: string, bytes: number, quotaBytes: number): Promise<void> {
  const [owner] = await db
    .select({ company: sql<string | null>`coalesce(${users.enterpriseId}, ${users.supplierId})` })
    .from(users)
    .where(eq(users.id, createdBy));
  if (!owner?.company) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`storage ${owner.company}`}, 0))`);
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.byteSize}), 0)` })
    .from(files)
    .innerJoin(users, eq(users.id, files.createdBy))
    .where(sql`coalesce(${users.enterpriseId}, ${users.supplierId}) = ${owner.company}::uuid`);
  const usedBytes = Number(used?.bytes ?? 0);
  if (usedBytes + bytes > quotaBytes) {
    throw new AppError(
      "STORAGE_QUOTA_EXCEEDED",
      "Your company's storage is full: remove files it no longer needs, or ask the administrator for more room.",
      undefined,
      { details: { quotaBytes, usedBytes } },
    );
  }
}

/**
 * Records a file already put in the storage; returns its id. `quotaBytes`: the uploader's company's storage quota
 * (`ctx.config.storageQuotaBytes`), null only for files the platform puts there itself (the demo's).
 */
export async function recordFile(
  db: TDb,
  file: {
    storageKey: string;
    contentType: string;
    width?: number;
    height?: number;
    createdBy: string | null;
    quotaBytes: number | null;
  } & (
    | { data: Buffer }
    /** A file streamed to the storage (`receiveDocument`): its size and digest were taken as it was written. */
    | { byteSize: number; sha256: string }
  ),
): Promise<string> {
  const { byteSize, sha256 } =
    "data" in file
      ? { byteSize: file.data.length, sha256: createHash("sha256").update(file.data).digest("hex") }
      : file;
  if (file.quotaBytes !== null && file.createdBy) {
    await requireStorageRoom(db, file.createdBy, byteSize, file.quotaBytes);
  }
  const [row] = await db
    .insert(files)
    .values({
      storageKey: file.storageKey,
      contentType: file.contentType,
      byteSize,
      width: file.width ?? null,
      height: file.height ?? null,
      sha256,
      createdBy: file.createdBy,
    })
    .returning({ id: files.id });
  return row!.id;
}

/** Removes files whose records are gone; a failure leaves an orphan on disk (logged), never a broken record. */
export async function removeStoredFiles(ctx: TContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.remove(key).catch((error) => ctx.log.warn({ err: error, key }, "stored file not removed"));
  }
}

/** Deletes the record of the file a row held before (answers its storage key, removed after the commit). */
async function dropPrevious(tx: TDb, previous: string | null | undefined, what: string): Promise<string[]> {
  if (previous === undefined) throw new AppError("NOT_FOUND", `This ${what} does not exist.`);
  if (previous === null) return [];
  const removed = await tx.delete(files).where(eq(files.id, previous)).returning({ storageKey: files.storageKey });
  return removed.map((f) => f.storageKey);
}

/**
 * Stores an uploaded image (of `accepted` types, by content) and lets `attach` point a row at it inside a
 * transaction. `attach` answers the file the row held before (removed after the commit), null when none, or
 * undefined when the row is gone (404 `what`). The new file is stored before the database points at it.
 */
export async function replaceImage(
  ctx: TContext,
  upload: { data: Buffer },
  options: {
    accepted: readonly string[];
    field: string;
    createdBy: string | null;
    what: string;
    attach: (tx: TDb, fileId: string) => Promise<string | null | undefined>;
  },
): Promise<TImageFacts> {
  const image = await inspectImage(upload.data, options.accepted, options.field);
  const storageKey = await ctx.storage.put(upload.data);
  let oldKeys: string[];
  try {
    oldKeys = await inTransaction(ctx.pool, async (tx) => {
      const fileId = await recordFile(tx, {
        storageKey,
        data: upload.data,
        ...image,
        createdBy: options.createdBy,
        quotaBytes: ctx.config.storageQuotaBytes,
      });
      return dropPrevious(tx, await options.attach(tx, fileId), options.what);
    });
  } catch (error) {
    await removeStoredFiles(ctx, [storageKey]);
    throw error;
  }
  await removeStoredFiles(ctx, oldKeys);
  return image;
}

/** A stored file's record, for serving it. */
export async function fileRecord(db: TDb, id: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, byteSize: files.byteSize })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

/**
 * Takes an image off a row: `detach` clears the row's pointer inside a transaction and answers the file it
 * held, null when it held none (nothing to do, so a second removal is harmless), or undefined when the row is
 * gone (404 `what`). The stored bytes go after the commit, like a replaced image's.
 */
export async function removeImage(
  ctx: TContext,
  what: string,
  detach: (tx: TDb) => Promise<string | null | undefined>,
): Promise<void> {
  const keys = await inTransaction(ctx.pool, async (tx) => {
    return dropPrevious(tx, await detach(tx), what);
  });
  await removeStoredFiles(ctx, keys);
}
