import {
  ICON_MAX_BYTES,
  ICON_TYPES,
  POLICIES,
  V,
  ZDataSchema,
  ZEnterpriseEpiListQuerySchema,
  ZEnterpriseEpiSchema,
  ZEnterpriseEpisInputSchema,
  ZEnterpriseEpisSchema,
  ZEpiInputSchema,
  ZEpiListQuerySchema,
  ZEpiSchema,
  ZEpiUpdateSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import {
  createEpi,
  deleteEpi,
  getEpi,
  listEnterpriseEpis,
  listEpis,
  openEpiIcon,
  removeEpiIcon,
  replaceEpiIcon,
  setEnterpriseEpis,
  updateEpi,
} from "./epis.service";

const tags = ["risks"];

/** Registered under /api; its routes are /api/epis…: the platform's EPI catalogue, kept by the admin. */
export const episRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/epis",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "The EPI catalogue (deleted ones left out)",
        querystring: ZEpiListQuerySchema,
        response: { 200: ZPageSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listEpis(ctx, request.query),
  );

  app.get(
    "/epis/:id",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "An EPI, deleted or not",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getEpi(ctx, request.params.id) }),
  );

  app.post(
    "/epis",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Add an EPI (its icon is uploaded after, with PUT /api/epis/:id/icon)",
        body: ZEpiInputSchema,
        response: { 201: ZDataSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createEpi(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/epis/:id",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Edit an EPI",
        params: ZIdParamsSchema,
        body: ZEpiUpdateSchema,
        response: { 200: ZDataSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateEpi(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/epis/:id",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Delete an EPI (it stays readable for the permits that name it)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteEpi(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/epis/:id/icon",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Upload the EPI's icon: multipart/form-data, field `icon`, PNG, JPEG or WebP, at most 2 MB",
        ...uploadSchema("icon"),
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "icon", ICON_MAX_BYTES, V.invalidValue);
      return { data: await replaceEpiIcon(ctx, callerOf(request), request.params.id, receive) };
    },
  );

  app.delete(
    "/epis/:id/icon",
    {
      config: { access: POLICIES.admin },
      schema: {
        tags,
        summary: "Remove the EPI's icon (an EPI without one is answered as it is)",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await removeEpiIcon(ctx, callerOf(request), request.params.id) }),
  );

  app.get(
    "/epis/:id/icon",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "The EPI's icon (the `icon.url` of the EPI)",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: fileResponses("The image bytes, with their content type", ICON_TYPES),
      },
    },
    async (request, reply) => sendStoredFile(ctx, reply, await openEpiIcon(ctx, request.params.id)),
  );
};

/** Registered under /api; its routes are /api/enterprise-epis…: the EPIs an enterprise uses. */
export const enterpriseEpisRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/enterprise-epis",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The catalogue, each EPI flagged `selected` when the enterprise uses it",
        querystring: ZEnterpriseEpiListQuerySchema,
        response: { 200: ZPageSchema(ZEnterpriseEpiSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listEnterpriseEpis(ctx, callerOf(request), request.query),
  );

  app.put(
    "/enterprise-epis",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Replace the EPIs the enterprise uses",
        body: ZEnterpriseEpisInputSchema,
        response: { 200: ZDataSchema(ZEnterpriseEpisSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await setEnterpriseEpis(ctx, callerOf(request), request.body.epiIds) }),
  );
};
