import {
  POLICIES,
  PROCEDURE_FILE_MAX_BYTES,
  V,
  ZDataSchema,
  ZIdParamsSchema,
  ZOwnerFileParamsSchema,
  ZPageSchema,
  ZProcedureFileSchema,
  ZWorkTypeInputSchema,
  ZWorkTypeListQuerySchema,
  ZWorkTypeSchema,
  ZWorkTypeUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import {
  addWorkTypeFile,
  createWorkType,
  deleteWorkType,
  deleteWorkTypeFile,
  getWorkType,
  listWorkTypes,
  openWorkTypeFile,
  updateWorkType,
} from "./work-types.service";

const tags = ["risks"];

/** Registered under /api/work-types. The enterprise edits; its managers read. */
export const workTypesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "",
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
    "/:id",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A work type",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZWorkTypeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getWorkType(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "",
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
    "/:id",
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
    "/:id",
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

  app.post(
    "/:id/files",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Add a procedure file: multipart/form-data, field `file`, PDF, image or office document, ≤ 10 MB",
        consumes: ["multipart/form-data"],
        params: ZIdParamsSchema,
        response: { 201: ZDataSchema(ZProcedureFileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const receive = () => readUpload(request, "file", PROCEDURE_FILE_MAX_BYTES, V.invalidValue);
      return reply
        .status(201)
        .send({ data: await addWorkTypeFile(ctx, callerOf(request), request.params.id, receive) });
    },
  );

  app.get(
    "/:id/files/:fileId",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "A procedure file of the work type (images inline, documents as attachments)",
        params: ZOwnerFileParamsSchema,
        response: { 200: z.any().describe("The file's bytes, with their content type"), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        ctx,
        reply,
        await openWorkTypeFile(ctx, callerOf(request), request.params.id, request.params.fileId),
      ),
  );

  app.delete(
    "/:id/files/:fileId",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Remove a procedure file of the work type",
        params: ZOwnerFileParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteWorkTypeFile(ctx, callerOf(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
