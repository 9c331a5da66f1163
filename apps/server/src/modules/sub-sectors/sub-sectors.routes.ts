import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZSubSectorInputSchema,
  ZSubSectorListQuerySchema,
  ZSubSectorSchema,
  ZSubSectorUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { createSubSector, deleteSubSector, getSubSector, listSubSectors, updateSubSector } from "./sub-sectors.service";

const tags = ["organisation"];

/** Registered under /api; its routes are /api/sub-sectors…: points on a sector's map, seen and edited through their sector. */
export const subSectorsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/sub-sectors",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "Sub-sectors of the sectors the caller sees",
        querystring: ZSubSectorListQuerySchema,
        response: { 200: ZPageSchema(ZSubSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listSubSectors(ctx, callerOf(request), request.query),
  );

  app.get(
    "/sub-sectors/:id",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "A sub-sector",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZSubSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getSubSector(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/sub-sectors",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Place a sub-sector on its sector's map",
        body: ZSubSectorInputSchema,
        response: { 201: ZDataSchema(ZSubSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSubSector(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/sub-sectors/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Rename or move a sub-sector",
        params: ZIdParamsSchema,
        body: ZSubSectorUpdateSchema,
        response: { 200: ZDataSchema(ZSubSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateSubSector(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/sub-sectors/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Delete a sub-sector (permits that name it stay readable)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteSubSector(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
