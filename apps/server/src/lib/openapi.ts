import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { ZErrorSchema } from "@openpermit/shared";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { uploadForm } from "./route-schemas";

type TTransform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;

/** The zod schemas as JSON Schema; the document itself is served by its own route, not described in itself. */
const zodTransform = createJsonSchemaTransform({ skipList: ["/api/openapi.json"] });

/**
 * Each operation of the OpenAPI document as the server really treats it (docs/decisions.md, "The API document
 * tells the truth"): the document's security follows the route's access policy, read here in one place rather
 * than restated route by route, so a public route (health, sign-in, codes, check pages, feeds) says
 * `security: []` and every other keeps the document's default, the bearer token. An upload route's form is
 * described from its `uploadField` (lib/route-schemas.ts). Only the API is described: the web app's files and its
 * history fallback are not operations.
 */
export const openApiTransform: TTransform = (input) => {
  if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
  const result = zodTransform(input as Parameters<typeof zodTransform>[0]) as {
    schema: Record<string, unknown>;
    url: string;
  };
  if (input.route.config?.access === "public") result.schema = { ...result.schema, security: [] };
  const { uploadField, ...schema } = result.schema;
  if (typeof uploadField === "string") result.schema = { ...schema, body: uploadForm(uploadField) };
  result.schema = { ...result.schema, response: withEdgeRefusals(result.schema.response) };
  return result;
};

type TResponses = Record<string, Record<string, unknown>>;

/** The error shape as JSON Schema, for the routes that document no 4xx of their own (health, ping). */
const { $schema: _dialect, ...ERROR_SCHEMA } = z.toJSONSchema(ZErrorSchema, { io: "output" }) as Record<
  string,
  unknown
>;

/**
 * The refusals any API call can meet before its route runs, in the error shape of its other 4xx answers: 429 from
 * the rate limits (every /api route is under the global one; sign-in, codes and feeds under their own too), with
 * the Retry-After the limiter sends, and 431 from Node's parser when the headers are too large (plugins/errors.ts).
 */
function withEdgeRefusals(response: unknown): TResponses {
  const responses = (response ?? {}) as TResponses;
  const refusal = responses["4xx"] ?? ERROR_SCHEMA;
  return {
    ...responses,
    429: {
      ...refusal,
      description: "Too many requests (RATE_LIMITED): try again after Retry-After seconds",
      headers: { "Retry-After": { type: "integer", minimum: 0, description: "Seconds before a new try is counted" } },
    },
    431: { ...refusal, description: "Request headers too large (HEADERS_TOO_LARGE)" },
  };
}
