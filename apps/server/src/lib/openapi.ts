import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
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
  return result;
};
