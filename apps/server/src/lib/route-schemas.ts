import { ZErrorSchema } from "@openpermit/shared";
import { z } from "zod";

/** Every route documents its refusals in the one error shape (docs/domain.md, Conventions on the wire). */
export const ERROR_RESPONSES = { "4xx": ZErrorSchema, "5xx": ZErrorSchema } as const;

/**
 * A file's bytes, as the OpenAPI document says them: a binary string, whatever the type. `z.any()` underneath, as
 * the handler sends a Buffer or a stream, which a `z.string()` reply type would refuse.
 */
const ZFileBytes = z.any().meta({ type: "string", format: "binary" });

/** A media type without its parameters (`text/csv; charset=utf-8` is documented as `text/csv`). */
export const mediaTypeOf = (contentType: string) => contentType.split(";", 1)[0]?.trim() ?? contentType;

/**
 * The responses of a route that answers a file: its 200 is the file in one of `contentTypes` (the ones the route
 * can serve, from the same constants it sends), and its refusals are the error shape as everywhere. Fastify sends
 * the bytes as they are (a Buffer, a stream or a non-JSON string is never serialized), so this only describes.
 */
export function fileResponses(description: string, contentTypes: readonly string[]) {
  const content = Object.fromEntries(
    [...new Set(contentTypes.map(mediaTypeOf))].map((type) => [type, { schema: ZFileBytes }]),
  );
  return { 200: { description, content }, ...ERROR_RESPONSES };
}

declare module "fastify" {
  interface FastifySchema {
    /** The multipart field an upload route reads its one file from: described in the OpenAPI document only. */
    uploadField?: string;
  }
}

/**
 * The schema keys of an upload route: it takes `multipart/form-data` (the uploads plugin refuses multipart
 * elsewhere) with its one file in `field`. No `body` schema: Fastify would validate the unparsed body against it;
 * the OpenAPI transform (lib/openapi.ts) describes the form from `uploadField` instead.
 */
export function uploadSchema(field: string) {
  return { consumes: ["multipart/form-data"], uploadField: field };
}

/** The form an upload route takes, as JSON Schema: one required binary file in `field`. */
export function uploadForm(field: string) {
  return {
    type: "object",
    required: [field],
    properties: { [field]: { type: "string", format: "binary", description: "The file" } },
  };
}
