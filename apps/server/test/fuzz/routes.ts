import type { TContext } from "../../src/context";
import { readRouteTable, type TRoute } from "../matrix/routes";

/** One API route as the fuzzer drives it: its zod schemas are the ones Fastify validates with. */
export type TFuzzRoute = TRoute;

/** Every /api route of the real application (the authorization matrix's table), but the OpenAPI UI's own assets. */
export async function readFuzzRoutes(ctx: TContext): Promise<TFuzzRoute[]> {
  return (await readRouteTable(ctx)).filter((route) => !route.url.startsWith("/api/docs"));
}
