import type { FastifyReply } from "fastify";
import type { TContext } from "../context";

/**
 * Every stored file is private (logos, photos, plans, documents: each behind its access rule), so no cache keeps
 * it, the browser's included: after sign-out, the next person at that computer must not find it there.
 */
export const PRIVATE_FILE_CACHE = "private, no-store";

/**
 * Sends a stored file. Images show inline; anything else downloads (`attachment`), so a document is never
 * rendered on our origin. `nosniff` keeps the browser to the type read from the content.
 */
export async function sendStoredFile(
  ctx: TContext,
  reply: FastifyReply,
  file: { storageKey: string; contentType: string; byteSize: number; name?: string },
) {
  const inline = file.contentType.startsWith("image/");
  const name = file.name ?? "file";
  const disposition = inline
    ? "inline"
    : `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  return reply
    .header("Content-Type", file.contentType)
    .header("Content-Length", file.byteSize)
    .header("Cache-Control", PRIVATE_FILE_CACHE)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", disposition)
    .send(await ctx.storage.open(file.storageKey));
}
