import {
  POLICIES,
  PROCEDURE_FILE_MAX_BYTES,
  PROCEDURE_FILE_TYPES,
  ZDataSchema,
  ZIdParamsSchema,
  ZOwnerFileParamsSchema,
  ZProcedureFileSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { receiveDocument } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { addOwnerFile, deleteOwnerFile, openOwnerFile, type TProcedureFileOwnerKind } from "./procedure-files.service";

const tags = ["risks"];

/**
 * `<ownersPath>/:id/files` and `<ownersPath>/:id/files/:fileId` (work types, specific risks): registered
 * inside the owner's routes, so the URLs are `/api/<owners>/:id/files…`. `ownerName` is how the summaries
 * in the API docs name the owner ("work type").
 */
export function procedureFileRoutes(
  kind: TProcedureFileOwnerKind,
  ownersPath: string,
  ownerName: string,
): FastifyPluginAsyncZod<{ ctx: TContext }> {
  return async (app, { ctx }) => {
    app.post(
      `${ownersPath}/:id/files`,
      {
        config: { access: POLICIES.enterprise },
        schema: {
          tags,
          summary: "Add a procedure file: multipart/form-data, field `file`, PDF, image or office document, ≤ 10 MB",
          ...uploadSchema("file"),
          params: ZIdParamsSchema,
          response: { 201: ZDataSchema(ZProcedureFileSchema), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const receive = () =>
          receiveDocument(request, ctx.storage, {
            field: "file",
            maxBytes: PROCEDURE_FILE_MAX_BYTES,
            accepted: PROCEDURE_FILE_TYPES,
            message: "Only PDF, images and office documents are accepted.",
          });
        const data = await addOwnerFile(ctx, kind, callerOf(request), request.params.id, receive);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      `${ownersPath}/:id/files/:fileId`,
      {
        config: { access: POLICIES.riskReaders },
        schema: {
          tags,
          summary: `A procedure file of the ${ownerName} (images inline, documents as attachments)`,
          params: ZOwnerFileParamsSchema,
          response: fileResponses("The file's bytes, with their content type", PROCEDURE_FILE_TYPES),
        },
      },
      async (request, reply) => {
        const { id, fileId } = request.params;
        return sendStoredFile(ctx, reply, await openOwnerFile(ctx, kind, callerOf(request), id, fileId));
      },
    );

    app.delete(
      `${ownersPath}/:id/files/:fileId`,
      {
        config: { access: POLICIES.enterprise },
        schema: {
          tags,
          summary: `Remove a procedure file of the ${ownerName}`,
          params: ZOwnerFileParamsSchema,
          response: { 204: z.null(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        await deleteOwnerFile(ctx, kind, callerOf(request), request.params.id, request.params.fileId);
        return reply.status(204).send(null);
      },
    );
  };
}
