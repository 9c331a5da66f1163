import {
  POLICIES,
  ZDataSchema,
  ZDivisionInputSchema,
  ZDivisionListQuerySchema,
  ZDivisionSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { createDivision, deleteDivision, getDivision, listDivisions, updateDivision } from "./divisions.service";

const tags = ["organisation"];

/** Registered under /api; its routes are /api/divisions…. The enterprise manages them; its managers read their own. */
export const divisionsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/divisions",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Divisions (the enterprise: all; a manager: its own)",
        querystring: ZDivisionListQuerySchema,
        response: { 200: ZPageSchema(ZDivisionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listDivisions(ctx, callerOf(request), request.query),
  );

  app.get(
    "/divisions/:id",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "A division",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZDivisionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getDivision(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/divisions",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Create a division",
        body: ZDivisionInputSchema,
        response: { 201: ZDataSchema(ZDivisionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createDivision(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/divisions/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Edit a division (every field)",
        params: ZIdParamsSchema,
        body: ZDivisionInputSchema,
        response: { 200: ZDataSchema(ZDivisionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateDivision(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/divisions/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Delete an empty division (409 DIVISION_NOT_EMPTY with what still holds it)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteDivision(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
