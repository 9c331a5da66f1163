import { POLICIES, ZDataSchema, ZPermitSettingsSchema } from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { getPermitSettings, updatePermitSettings } from "./permit-settings.service";

const tags = ["company page"];
const ANSWER = { 200: ZDataSchema(ZPermitSettingsSchema), ...ERROR_RESPONSES };

/** The enterprise's permit validity settings (start grace, escalations). Under /api. */
export const permitSettingsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/enterprise/permit-settings",
    {
      config: { access: POLICIES.enterprise },
      schema: { tags, summary: "The enterprise's permit validity settings", response: ANSWER },
    },
    async (request) => ({ data: await getPermitSettings(ctx, callerOf(request)) }),
  );

  app.put(
    "/enterprise/permit-settings",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Replace the start grace and the overdue and waiting escalation delays (minutes)",
        body: ZPermitSettingsSchema,
        response: ANSWER,
      },
    },
    async (request) => ({ data: await updatePermitSettings(ctx, callerOf(request), request.body) }),
  );
};
