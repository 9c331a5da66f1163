import {
  PERMIT_FILE_MAX_BYTES,
  PERMIT_FILE_TYPES,
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZOwnerFileParamsSchema,
  ZPermitFileSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { receiveDocument } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { addPermitFile, deletePermitFile, openPermitFile } from "./files.service";

const tags = ["permits"];
const access = POLICIES.permitParties;

/** `attachment` with the file's name, plain and UTF-8 encoded: a permit's file always downloads. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The files attached to a permit. */
export const permitFileRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.post(
    "/permits/:id/files",
    {
      config: { access },
      schema: {
        tags,
        summary: "Attach a file to a draft: multipart/form-data, field `file`, PDF, image or office document, ≤ 20 MB",
        ...uploadSchema("file"),
        params: ZIdParamsSchema,
        response: { 201: ZDataSchema(ZPermitFileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const receive = () =>
        receiveDocument(request, ctx.storage, {
          field: "file",
          maxBytes: PERMIT_FILE_MAX_BYTES,
          accepted: PERMIT_FILE_TYPES,
          message: "Only PDF, images and office documents are accepted.",
        });
      const data = await addPermitFile(ctx, callerOf(request), request.params.id, receive);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    "/permits/:id/files/:fileId",
    {
      config: { access },
      schema: {
        tags,
        summary: "A file of the permit, as an attachment",
        params: ZOwnerFileParamsSchema,
        response: fileResponses("The file's bytes, with their content type", PERMIT_FILE_TYPES),
      },
    },
    async (request, reply) => {
      const file = await openPermitFile(ctx, callerOf(request), request.params.id, request.params.fileId);
      // Never rendered on our origin, images included: a permit's files come from outside the company.
      return reply
        .header("Content-Type", file.contentType)
        .header("Content-Length", file.byteSize)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", attachment(file.name))
        .send(await ctx.storage.open(file.storageKey));
    },
  );

  app.delete(
    "/permits/:id/files/:fileId",
    {
      config: { access },
      schema: {
        tags,
        summary: "Remove a file from a draft",
        params: ZOwnerFileParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deletePermitFile(ctx, callerOf(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
