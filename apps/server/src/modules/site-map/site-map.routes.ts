import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZSiteMapQuerySchema,
  ZSiteSectorQuerySchema,
  ZSiteSectorSchema,
  ZSiteSectorsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { siteSector, siteSectors } from "./site-map.service";

const tags = ["site map"];

/** The live site map of the principal's staff (packages/shared/src/schemas/site-map.ts). Under /api. */
export const siteMapRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/site-map/sectors",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The sectors the caller sees (of one division when named), each with what is live there today",
        querystring: ZSiteMapQuerySchema,
        response: { 200: ZDataSchema(ZSiteSectorsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await siteSectors(ctx, callerOf(request), request.query) }),
  );

  app.get(
    "/site-map/sectors/:id",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "One sector's live plan: its sub-sectors, the permits on it now and today, the isolations in place",
        params: ZIdParamsSchema,
        querystring: ZSiteSectorQuerySchema,
        response: { 200: ZDataSchema(ZSiteSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await siteSector(ctx, callerOf(request), request.params.id, request.query.tz) }),
  );
};
