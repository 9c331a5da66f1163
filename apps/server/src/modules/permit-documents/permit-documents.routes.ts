import { POLICIES, V, ZDataSchema, ZIdParamsSchema, ZPermitCheckSchema } from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { permitCheck, permitPdf } from "./permit-documents.service";

const PDF_TYPE = "application/pdf";

const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf("timeZone"), "UTC"]);

const ZPdfQuerySchema = z.object({
  tz: z
    .string({ error: V.invalidValue })
    .refine((zone) => TIME_ZONES.has(zone), V.invalidValue)
    .optional()
    .describe("An IANA time zone for the dates (default UTC), e.g. Europe/Paris"),
});

const ZCheckParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** The printable permit (PDF) and the public check its QR code opens. */
export const permitDocumentsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/permits/:id/pdf",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags: ["permits"],
        summary: "The printable permit (A4 PDF with the QR code of its public check), as an attachment",
        params: ZIdParamsSchema,
        querystring: ZPdfQuerySchema,
        response: fileResponses("The PDF's bytes", [PDF_TYPE]),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { fileName, bytes } = await permitPdf(ctx, caller, request.params.id, request.query.tz ?? "UTC");
      return reply
        .header("Content-Type", PDF_TYPE)
        .header("Content-Length", bytes.length)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`)
        .send(bytes);
    },
  );

  app.get(
    "/public/permit-checks/:token",
    {
      // Anyone who scans the paper; limited per address like the other public routes (tokens are 256-bit anyway).
      config: { access: POLICIES.public, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["public"],
        summary: "The public check of a printed permit (its QR code): number, status, period, place, valid now",
        params: ZCheckParamsSchema,
        response: { 200: ZDataSchema(ZPermitCheckSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await permitCheck(ctx, request.params.token, new Date());
      // The status changes: never serve a stale "valid" from a cache.
      return reply.header("Cache-Control", "no-store").send({ data });
    },
  );
};
