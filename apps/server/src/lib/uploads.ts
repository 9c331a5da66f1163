import { V } from "@openpermit/shared";
import type { FastifyRequest } from "fastify";
import { fileTypeFromStream } from "file-type/node";
import { AppError } from "./app-error";
import type { TStorage, TStoredBytes } from "./storage";

export interface TUpload {
  data: Buffer;
  /** What the client called the file and said it was: hints only, never trusted for the type. */
  filename: string;
  mimetype: string;
}

/**
 * Reads the one file of a multipart request, sent in `field`, holding at most `maxBytes` (413 beyond).
 * A request without that file answers 400 with `missing` as the field's message key.
 */
export async function readUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  missing: string = V.invalidValue,
): Promise<TUpload> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  }
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    const data = part?.fieldname === field ? await part.toBuffer() : undefined;
    if (!part || !data || data.length === 0) {
      throw new AppError("VALIDATION_FAILED", `Attach the file as "${field}".`, { [field]: missing });
    }
    return { data, filename: part.filename, mimetype: part.mimetype };
  } catch (error) {
    // Our own refusals and the multipart plugin's limits (413) pass as they are; anything else the parser
    // throws is a malformed body, the client's doing.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === "number" && status < 500)) throw error;
    throw new AppError("VALIDATION_FAILED", "The upload could not be read.", { [field]: V.invalidValue });
  }
}

/** A document streamed to storage by `receiveDocument`: what it is by content, and what the client called it. */
export interface TStoredUpload extends TStoredBytes {
  contentType: string;
  filename: string;
  /** The text fields sent before the file (a form's other inputs), by name; a field sent twice keeps its first. */
  fields: Record<string, string>;
}

/** The text values among the fields busboy parsed before the file part. */
function textFields(parsed: Record<string, unknown> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(parsed ?? {})) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    const value = (first as { type?: string; value?: unknown } | undefined)?.value;
    if ((first as { type?: string } | undefined)?.type === "field" && typeof value === "string") fields[name] = value;
  }
  return fields;
}

/**
 * Streams the one file of a multipart request, sent in `field`, straight into the storage: a document of many
 * megabytes is never held in memory. At most `maxBytes` (413 beyond), of one of the `accepted` types read from its
 * stored bytes (415 otherwise: the name and declared type are the client's word). Whatever is refused leaves
 * nothing stored. The caller removes the stored file if what it does next fails (`removeStoredFiles`).
 */
export async function receiveDocument(
  request: FastifyRequest,
  storage: TStorage,
  options: { field: string; maxBytes: number; accepted: readonly string[]; message: string; missing?: string },
): Promise<TStoredUpload> {
  const { field, maxBytes, accepted } = options;
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  }
  const missing = () =>
    new AppError("VALIDATION_FAILED", `Attach the file as "${field}".`, { [field]: options.missing ?? V.invalidValue });
  let stored: TStoredBytes;
  let filename: string;
  let fields: Record<string, string>;
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part || part.fieldname !== field) throw missing();
    filename = part.filename;
    fields = textFields(part.fields as Record<string, unknown>);
    stored = await storage.putStream(part.file);
    if (part.file.truncated) {
      await storage.remove(stored.key);
      throw new request.server.multipartErrors.RequestFileTooLargeError();
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === "number" && status < 500)) throw error;
    throw new AppError("VALIDATION_FAILED", "The upload could not be read.", { [field]: V.invalidValue });
  }
  if (stored.byteSize === 0) {
    await storage.remove(stored.key);
    throw missing();
  }
  const content = await storage.open(stored.key);
  const type = await fileTypeFromStream(content).finally(() => content.destroy());
  if (!type || !accepted.includes(type.mime)) {
    await storage.remove(stored.key);
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", options.message);
  }
  return { ...stored, contentType: type.mime, filename, fields };
}

/** A display name from the client's file name: no path, no control characters, at most 250 characters. */
export const displayName = (filename: string) =>
  (
    filename
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}\p{Cf}]/gu, "")
      .trim() || "file"
  ).slice(0, 250);
