import type { TAccessPolicy } from "@openpermit/shared";
import type { RouteOptions } from "fastify";
import type { ZodType } from "zod";
import { buildApp } from "../../src/app";
import type { TContext } from "../../src/context";

export type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface TRoute {
  method: TMethod;
  url: string;
  /** The declared policy, or undefined when the route declares none. */
  access: TAccessPolicy | undefined;
  /** Whether the route takes multipart/form-data (an upload). */
  multipart: boolean;
  /** The zod schemas Fastify validates the route's input with (the fuzzer generates requests from them). */
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

const METHODS = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every /api route of the real application, as it registers them: built with an onRoute hook that runs before
 * any module is registered, so nothing escapes it. HEAD routes Fastify adds for GETs are left out.
 */
export async function readRouteTable(ctx: TContext): Promise<TRoute[]> {
  const routes: TRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith("/api")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.has(method)) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      routes.push({
        method: method as TMethod,
        url: route.url,
        access: route.config?.access,
        multipart: JSON.stringify(schema.consumes ?? []).includes("multipart"),
        body: schema.body as ZodType | undefined,
        querystring: schema.querystring as ZodType | undefined,
        params: schema.params as ZodType | undefined,
      });
    }
  };
  const app = await buildApp(ctx, { onRoute: collect });
  await app.close();
  return routes;
}
