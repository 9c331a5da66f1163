import type { TAccessPolicy } from "@openpermit/shared";
import type { RouteOptions } from "fastify";
import type { ZodType } from "zod";
import { buildApp } from "../../src/app";
import type { TContext } from "../../src/context";

export type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One API route as the fuzzer drives it: its zod schemas are the ones Fastify validates with. */
export interface TFuzzRoute {
  method: TMethod;
  url: string;
  access: TAccessPolicy | undefined;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  /** Takes multipart/form-data (an upload): JSON bodies must still be refused in the error shape. */
  multipart: boolean;
}

const METHODS = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every /api route of the real application, read with an onRoute hook that sees each one as it is added.
 * The OpenAPI UI's own assets (outside our code) are left out.
 */
export async function readFuzzRoutes(ctx: TContext): Promise<TFuzzRoute[]> {
  const routes: TFuzzRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith("/api") || route.url.startsWith("/api/docs")) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.has(method)) continue;
      routes.push({
        method: method as TMethod,
        url: route.url,
        access: route.config?.access,
        body: schema.body as ZodType | undefined,
        querystring: schema.querystring as ZodType | undefined,
        params: schema.params as ZodType | undefined,
        multipart: JSON.stringify(schema.consumes ?? []).includes("multipart"),
      });
    }
  };
  const app = await buildApp(ctx, { onRoute: collect });
  await app.close();
  return routes;
}
