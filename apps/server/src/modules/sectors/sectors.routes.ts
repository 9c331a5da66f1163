import {
  POLICIES,
  SECTOR_MAP_MAX_BYTES,
  SECTOR_MAP_TYPES,
  V,
  ZDataSchema,
  ZEnterpriseReadQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZSectorInputSchema,
  ZSectorListQuerySchema,
  ZSectorSchema,
  ZSectorUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { PRIVATE_FILE_CACHE } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import {
  createSector,
  deleteSector,
  getSector,
  listSectors,
  openMap,
  replaceMap,
  updateSector,
} from "./sectors.service";

const tags = ["organisation"];

/** Registered under /api; its routes are /api/sectors…. The enterprise and super-responsibles edit; permit managers read theirs. */
export const sectorsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/sectors",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "Sectors the caller sees (a contractor: every live sector of the affiliated enterprise named)",
        querystring: ZSectorListQuerySchema,
        response: { 200: ZPageSchema(ZSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listSectors(ctx, callerOf(request), request.query),
  );

  app.get(
    "/sectors/:id",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A sector",
        params: ZIdParamsSchema,
        querystring: ZEnterpriseReadQuerySchema,
        response: { 200: ZDataSchema(ZSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await getSector(ctx, callerOf(request), request.params.id, request.query.enterpriseId),
    }),
  );

  app.post(
    "/sectors",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Create a sector (its map is uploaded after, with PUT /api/sectors/:id/map)",
        body: ZSectorInputSchema,
        response: { 201: ZDataSchema(ZSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSector(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/sectors/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Edit a sector",
        params: ZIdParamsSchema,
        body: ZSectorUpdateSchema,
        response: { 200: ZDataSchema(ZSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateSector(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/sectors/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Delete a sector and its sub-sectors (permits that name them stay readable)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteSector(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/sectors/:id/map",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Upload the sector's map: multipart/form-data, field `map`, PNG, JPEG or WebP, at most 10 MB",
        ...uploadSchema("map"),
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZSectorSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "map", SECTOR_MAP_MAX_BYTES, V.sectorMapRequired);
      return { data: await replaceMap(ctx, callerOf(request), request.params.id, receive) };
    },
  );

  app.get(
    "/sectors/:id/map",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The sector's map image (the `map.url` of the sector)",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        // Bytes, not JSON: the serializer never sees them.
        response: fileResponses("The image bytes, with their content type", SECTOR_MAP_TYPES),
      },
    },
    async (request, reply) => {
      const map = await openMap(ctx, callerOf(request), request.params.id);
      return reply
        .header("Content-Type", map.contentType)
        .header("Content-Length", map.byteSize)
        .header("Cache-Control", PRIVATE_FILE_CACHE)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .send(map.stream);
    },
  );
};
