import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZLinkInputSchema,
  ZLinkListQuerySchema,
  ZLinkSchema,
  ZLinkUpdateSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { createLink, deleteLink, listLinks, updateLink } from "./links.service";

const tags = ["risks"];

/** Registered under /api; its routes are /api/links…: the enterprise's useful links (training material and the like). */
export const linksRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/links",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The enterprise's useful links",
        querystring: ZLinkListQuerySchema,
        response: { 200: ZPageSchema(ZLinkSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listLinks(ctx, callerOf(request), request.query),
  );

  app.post(
    "/links",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Add a useful link",
        body: ZLinkInputSchema,
        response: { 201: ZDataSchema(ZLinkSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createLink(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/links/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Edit a useful link",
        params: ZIdParamsSchema,
        body: ZLinkUpdateSchema,
        response: { 200: ZDataSchema(ZLinkSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateLink(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/links/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Delete a useful link (specific risks that named it lose it)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteLink(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
