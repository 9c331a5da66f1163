import { WORKER_PHOTO_TYPES } from "@openpermit/shared";
import { and, eq, ne } from "drizzle-orm";
import { cardIssuerOf, cardReaderOf } from "../../access/worker-cards";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { files, suppliers, users, workerCards } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { notFound } from "../../lib/not-found";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { removeImage, replaceImage } from "../files/files.service";

/**
 * The worker's photo on the card (docs/decisions.md, "The worker's card"): given and removed by the worker's
 * supplier, read by whoever reads the card, and by the card's public page while its code is current.
 */

/** The card's row, locked, made if the worker has none yet (a photo may come before the first read of the card). */
async function lockedCard(tx: TDb, workerId: string) {
  await tx.insert(workerCards).values({ workerId, token: randomToken() }).onConflictDoNothing();
  const [card] = await tx
    .select({ photoFileId: workerCards.photoFileId })
    .from(workerCards)
    .where(eq(workerCards.workerId, workerId))
    .for("update");
  return card;
}

export async function replaceWorkerPhoto(
  ctx: TContext,
  caller: TCaller,
  workerId: string,
  receive: () => Promise<TUpload>,
): Promise<void> {
  // Who may upload is settled before a byte of the file is read.
  const worker = await cardIssuerOf(ctx, caller, workerId);
  const upload = await receive();
  await replaceImage(ctx, upload, {
    accepted: WORKER_PHOTO_TYPES,
    field: "photo",
    createdBy: caller.id,
    what: "card",
    attach: async (tx, fileId) => {
      const card = await lockedCard(tx, workerId);
      if (!card) return undefined;
      await tx.update(workerCards).set({ photoFileId: fileId }).where(eq(workerCards.workerId, workerId));
      await appendAudit(tx, {
        by: caller,
        action: "workerCard.photoChanged",
        object: ["workerCard", worker.id],
        details: { worker: worker.name },
      });
      return card.photoFileId;
    },
  });
}

/** Takes the photo off the card; a card without one is left as it is. */
export async function removeWorkerPhoto(ctx: TContext, caller: TCaller, workerId: string): Promise<void> {
  const worker = await cardIssuerOf(ctx, caller, workerId);
  await removeImage(ctx, "card", async (tx) => {
    const card = await lockedCard(tx, workerId);
    if (!card) return undefined;
    if (card.photoFileId) {
      await tx.update(workerCards).set({ photoFileId: null }).where(eq(workerCards.workerId, workerId));
      await appendAudit(tx, {
        by: caller,
        action: "workerCard.photoRemoved",
        object: ["workerCard", worker.id],
        details: { worker: worker.name },
      });
    }
    return card.photoFileId;
  });
}

const photoColumns = { storageKey: files.storageKey, contentType: files.contentType, byteSize: files.byteSize };

/** The photo's file, for whoever reads the card (404 for anyone else, and when there is none). */
export async function openWorkerPhoto(ctx: TContext, caller: TCaller, workerId: string) {
  await cardReaderOf(ctx, caller, workerId);
  const [file] = await ctx.db
    .select(photoColumns)
    .from(workerCards)
    .innerJoin(files, eq(files.id, workerCards.photoFileId))
    .where(eq(workerCards.workerId, workerId));
  if (!file) throw notFound("photo");
  return file;
}

/** The photo the card's public page shows: only while its code is current and its person and company enabled. */
export async function openPublicWorkerPhoto(ctx: TContext, token: string) {
  const [file] = await ctx.db
    .select(photoColumns)
    .from(workerCards)
    .innerJoin(files, eq(files.id, workerCards.photoFileId))
    .innerJoin(users, eq(users.id, workerCards.workerId))
    .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(and(eq(workerCards.token, token), ne(users.status, "disabled"), ne(suppliers.status, "disabled")));
  if (!file) throw notFound("photo");
  return file;
}
