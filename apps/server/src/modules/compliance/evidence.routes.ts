import {
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_FILE_TYPES,
  POLICIES,
  ZDataSchema,
  ZEvidenceListQuerySchema,
  ZEvidenceReviewInputSchema,
  ZEvidenceSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { receiveDocument } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { giveEvidence, listEvidence, openEvidenceFile, reviewEvidence, withdrawEvidence } from "./evidence.service";

const EVIDENCE = { 200: ZDataSchema(ZEvidenceSchema), ...ERROR_RESPONSES };

/**
 * Compliance evidence (docs/safety.md, "Contractor compliance"): the Supplier gives it with its file, the enterprise
 * and its SuperResponsibles review it (access/compliance.ts).
 */
export const complianceEvidenceRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const tags = ["compliance"];

  app.post(
    "/compliance/evidence",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary:
          "Give evidence (the supplier): multipart/form-data, the fields requirementId, workerId (a competence), " +
          "issuer, reference, coverAmount (a document with a minimum cover), validFrom, validUntil, then the " +
          "field `file`: PDF, PNG or JPEG, ≤ 10 MB",
        ...uploadSchema("file"),
        response: { 201: ZDataSchema(ZEvidenceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const receive = () =>
        receiveDocument(request, ctx.storage, {
          field: "file",
          maxBytes: EVIDENCE_FILE_MAX_BYTES,
          accepted: EVIDENCE_FILE_TYPES,
          message: "Only PDF, PNG and JPEG files are accepted.",
        });
      const data = await giveEvidence(ctx, callerOf(request), receive, new Date());
      return reply.status(201).send({ data });
    },
  );

  app.get(
    "/compliance/evidence",
    {
      config: { access: POLICIES.evidenceReaders },
      schema: {
        tags,
        summary: "Evidence given (the supplier's own) or to review (the enterprise's): pending first, then newest",
        querystring: ZEvidenceListQuerySchema,
        response: { 200: ZPageSchema(ZEvidenceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listEvidence(ctx, callerOf(request), request.query),
  );

  app.get(
    "/compliance/evidence/:id/file",
    {
      config: { access: POLICIES.evidenceReaders },
      schema: {
        tags,
        summary: "The evidence's file, for its supplier and its reviewers",
        params: ZIdParamsSchema,
        response: fileResponses("The file's bytes, with their content type", EVIDENCE_FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendStoredFile(ctx, reply, await openEvidenceFile(ctx, callerOf(request), request.params.id)),
  );

  app.post(
    "/compliance/evidence/:id/review",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Accept evidence, or refuse it with a reason (the enterprise or its SuperResponsibles)",
        params: ZIdParamsSchema,
        body: ZEvidenceReviewInputSchema,
        response: EVIDENCE,
      },
    },
    async (request) => ({
      data: await reviewEvidence(ctx, callerOf(request), request.params.id, request.body, new Date()),
    }),
  );

  app.delete(
    "/compliance/evidence/:id",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: "Withdraw evidence still waiting for review (the supplier); reviewed evidence is kept",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await withdrawEvidence(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
