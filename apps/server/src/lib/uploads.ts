import { V } from "@openpermit/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error";

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
