import {
  ICON_MAX_BYTES,
  ICON_TYPES,
  POLICIES,
  V,
  ZDataSchema,
  ZEnterpriseReadQuerySchema,
  ZIdParamsSchema,
  ZPageSchema,
  ZSpecificRiskInputSchema,
  ZSpecificRiskListQuerySchema,
  ZSpecificRiskSchema,
  ZSpecificRiskUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { procedureFileRoutes } from "../procedure-files/procedure-files.routes";
import {
  createSpecificRisk,
  deleteSpecificRisk,
  getSpecificRisk,
  listSpecificRisks,
  openLogogram,
  removeLogogram,
  replaceLogogram,
  SPECIFIC_RISK_FILES,
  updateSpecificRisk,
} from "./specific-risks.service";

const tags = ["risks"];

/** Registered under /api; its routes are /api/specific-risks…. The enterprise edits; its managers read. */
export const specificRisksRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/specific-risks",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The enterprise's specific critical risks",
        querystring: ZSpecificRiskListQuerySchema,
        response: { 200: ZPageSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listSpecificRisks(ctx, callerOf(request), request.query),
  );

  app.get(
    "/specific-risks/:id",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A specific critical risk",
        params: ZIdParamsSchema,
        querystring: ZEnterpriseReadQuerySchema,
        response: { 200: ZDataSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await getSpecificRisk(ctx, callerOf(request), request.params.id, request.query.enterpriseId),
    }),
  );

  app.post(
    "/specific-risks",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Add a specific critical risk (logogram and files are uploaded after)",
        body: ZSpecificRiskInputSchema,
        response: { 201: ZDataSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSpecificRisk(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/specific-risks/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Edit a specific critical risk (arrays replace the whole list)",
        params: ZIdParamsSchema,
        body: ZSpecificRiskUpdateSchema,
        response: { 200: ZDataSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await updateSpecificRisk(ctx, callerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/specific-risks/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Delete a specific critical risk (permits that name it keep it; it leaves the risk assignments)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteSpecificRisk(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/specific-risks/:id/logogram",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Upload the logogram: multipart/form-data, field `logogram`, PNG, JPEG or WebP, at most 2 MB",
        ...uploadSchema("logogram"),
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "logogram", ICON_MAX_BYTES, V.invalidValue);
      return { data: await replaceLogogram(ctx, callerOf(request), request.params.id, receive) };
    },
  );

  app.delete(
    "/specific-risks/:id/logogram",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Remove the logogram (a specific risk without one is answered as it is)",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZSpecificRiskSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await removeLogogram(ctx, callerOf(request), request.params.id) }),
  );

  app.get(
    "/specific-risks/:id/logogram",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "The logogram image (the `logogram.url` of the specific risk)",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: fileResponses("The image bytes, with their content type", ICON_TYPES),
      },
    },
    async (request, reply) => sendStoredFile(ctx, reply, await openLogogram(ctx, callerOf(request), request.params.id)),
  );

  await app.register(procedureFileRoutes(SPECIFIC_RISK_FILES, "/specific-risks", "specific risk"), { ctx });
};
