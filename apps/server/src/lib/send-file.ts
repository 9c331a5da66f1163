import type { FastifyReply } from "fastify";
import type { TContext } from "../context";

/** A file's URL carries its id, so what one URL holds never changes: browsers may keep it a while. */
const IMMUTABLE = "private, max-age=86400";

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
    .header("Cache-Control", IMMUTABLE)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", disposition)
    .send(await ctx.storage.open(file.storageKey));
}
