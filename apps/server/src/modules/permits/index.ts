import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { crewRoutes } from "./crew/crew.routes";
import { permitListRoutes } from "./list.routes";
import { permitFileRoutes } from "./permit-files.routes";
import { permitRoutes } from "./permits.routes";
import { shiftRoutes } from "./shift/shift.routes";

/** Permits: drafts, files, the workflow, history, lists. Registered under /api; each route declares its path. */
export const permitsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  await app.register(permitListRoutes, { ctx });
  await app.register(permitRoutes, { ctx });
  await app.register(permitFileRoutes, { ctx });
  await app.register(crewRoutes, { ctx });
  await app.register(shiftRoutes, { ctx });
};
