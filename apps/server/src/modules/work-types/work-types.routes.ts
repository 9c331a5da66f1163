import {
  POLICIES,
  ZDataSchema,
  ZEnterpriseReadQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZWorkTypeInputSchema,
  ZWorkTypeListQuerySchema,
  ZWorkTypeSchema,
  ZWorkTypeUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { procedureFileRoutes } from "../procedure-files/procedure-files.routes";
import {
  createWorkType,
  deleteWorkType,
  getWorkType,
  listWorkTypes,
  updateWorkType,
  WORK_TYPE_FILES,
} from "./work-types.service";

const tags = ["risks"];

/** Registered under /api; its routes are /api/work-types…. The enterprise edits; its managers read. */
export const workTypesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/work-types",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The enterprise's work types",
        querystring: ZWorkTypeListQuerySchema,
        response: { 200: ZPageSchema(ZWorkTypeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listWorkTypes(ctx, callerOf(request), request.query),
  );

  app.get(
    "/work-types/:id",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A work type",
        params: ZIdParamsSchema,
        querystring: ZEnterpriseReadQuerySchema,
        response: { 200: ZDataSchema(ZWorkTypeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await getWorkType(ctx, callerOf(request), request.params.id, request.query.enterpriseId),
    }),
  );

  app.post(
    "/work-types",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Add a work type (its files are added after, with POST /api/work-types/:id/files)",
        body: ZWorkTypeInputSchema,
        response: { 201: ZDataSchema(ZWorkTypeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createWorkType(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/work-types/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Edit a work type (`checklist` replaces the whole list)",
        params: ZIdParamsSchema,
        body: ZWorkTypeUpdateSchema,
        response: { 200: ZDataSchema(ZWorkTypeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateWorkType(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/work-types/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Delete a work type (permits that name it keep it; its risk assignments go)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteWorkType(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(procedureFileRoutes(WORK_TYPE_FILES, "/work-types", "work type"), { ctx });
};
