import {
  POLICIES,
  ZDataSchema,
  ZMeSchema,
  ZProfileParamsSchema,
  ZProfileRecordSchema,
  ZUpdateMeSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { getMe, getProfile, updateMe } from "./profiles.service";

const tags = ["profiles"];

/** Registered under /api: the spec's `GET /{role}/{id}` and the caller's own account under /auth/me. */
export const profilesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/auth/me",
    {
      config: { access: POLICIES.authenticated },
      schema: { tags, summary: "My account", response: { 200: ZDataSchema(ZMeSchema), ...ERROR_RESPONSES } },
    },
    async (request) => ({ data: await getMe(ctx, callerOf(request)) }),
  );

  app.patch(
    "/auth/me",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Edit my profile (name, phone, language)",
        body: ZUpdateMeSchema,
        response: { 200: ZDataSchema(ZMeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateMe(ctx, callerOf(request), request.body) }),
  );

  app.get(
    "/:role/:id",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "A person's profile record (role is the raw token claim)",
        params: ZProfileParamsSchema,
        response: { 200: ZDataSchema(ZProfileRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getProfile(ctx, callerOf(request), request.params.role, request.params.id) }),
  );
};
