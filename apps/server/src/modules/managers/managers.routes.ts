import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZManagerInputSchema,
  ZManagerListQuerySchema,
  ZManagerSchema,
  ZManagerUpdateSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import {
  createManager,
  deleteManager,
  disableManager,
  enableManager,
  getManager,
  listManagers,
  resendInvitation,
  updateManager,
} from "./managers.service";

const tags = ["organisation"];
const access = POLICIES.organisationEditors;

/**
 * Registered under /api; its routes are /api/managers…: super-responsibles and responsibles, managed by the enterprise (both)
 * and by a division's super-responsible (that division's responsibles).
 */
export const managersRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/managers",
    {
      config: { access },
      schema: {
        tags,
        summary: "Managers the caller manages",
        querystring: ZManagerListQuerySchema,
        response: { 200: ZPageSchema(ZManagerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listManagers(ctx, callerOf(request), request.query),
  );

  app.get(
    "/managers/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "A manager",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZManagerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getManager(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/managers",
    {
      config: { access },
      schema: {
        tags,
        summary: "Create a manager; it gets an invitation e-mail to complete its account",
        body: ZManagerInputSchema,
        response: { 201: ZDataSchema(ZManagerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createManager(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/managers/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Edit a manager's name, phone or division",
        params: ZIdParamsSchema,
        body: ZManagerUpdateSchema,
        response: { 200: ZDataSchema(ZManagerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateManager(ctx, callerOf(request), request.params.id, request.body) }),
  );

  const actions = [
    ["disable", "Disable a manager: its access ends at once", disableManager],
    ["enable", "Enable a disabled manager again", enableManager],
    ["resend-invitation", "Send a new invitation link (only while invited)", resendInvitation],
  ] as const;
  for (const [action, summary, run] of actions) {
    app.post(
      `/managers/:id/${action}`,
      {
        config: { access },
        schema: {
          tags,
          summary,
          params: ZIdParamsSchema,
          response: { 200: ZDataSchema(ZManagerSchema), ...ERROR_RESPONSES },
        },
      },
      async (request) => ({ data: await run(ctx, callerOf(request), request.params.id) }),
    );
  }

  app.delete(
    "/managers/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Delete a manager and its matrix cells",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteManager(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
