import {
  POLICIES,
  ZDataSchema,
  ZNotificationPreferencesSchema,
  ZNotificationPreferencesUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { getNotificationPreferences, updateNotificationPreferences } from "./preferences.service";

const tags = ["notifications"];
const answer = { 200: ZDataSchema(ZNotificationPreferencesSchema), ...ERROR_RESPONSES };

/** The caller's own per-kind e-mail preferences (nobody reads or sets another's: there is no id to name). */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/me/notification-preferences",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Which of the kinds the caller may receive also come by e-mail",
        response: answer,
      },
    },
    async (request) => ({ data: await getNotificationPreferences(ctx.db, callerOf(request)) }),
  );

  app.put(
    "/me/notification-preferences",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Turn the e-mail of some kinds on or off (the others keep their setting)",
        body: ZNotificationPreferencesUpdateSchema,
        response: answer,
      },
    },
    async (request) => ({ data: await updateNotificationPreferences(ctx.db, callerOf(request), request.body) }),
  );
};
