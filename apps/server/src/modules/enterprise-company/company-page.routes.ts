import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  POLICIES,
  V,
  ZCompanyPageInputSchema,
  ZCompanyPageSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZLinkSchema,
  ZPageQuerySchema,
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
  getOwnCompanyPage,
  openCompanyLogo,
  readCompanyLinks,
  readCompanyPage,
  removeCompanyLogo,
  replaceCompanyLogo,
  updateCompanyPage,
} from "./company-page.service";

const tags = ["company page"];
const PAGE = { 200: ZDataSchema(ZCompanyPageSchema), ...ERROR_RESPONSES };

/** The enterprise's company page (/enterprise/profile) and the read-only page its contractors open. Under /api. */
export const companyPageRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/enterprise/company",
    {
      config: { access: POLICIES.principalStaff },
      schema: { tags, summary: "The caller's enterprise's company page (its managers read it too)", response: PAGE },
    },
    async (request) => ({ data: await getOwnCompanyPage(ctx, callerOf(request)) }),
  );

  app.put(
    "/enterprise/company",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Replace the company page (contact, texts, YouTube videos, business hours, social links)",
        body: ZCompanyPageInputSchema,
        response: PAGE,
      },
    },
    async (request) => ({ data: await updateCompanyPage(ctx, callerOf(request), request.body) }),
  );

  app.put(
    "/enterprise/company/logo",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags,
        summary: "Upload the company's logo: multipart/form-data, field `logo`, PNG, JPEG or WebP, at most 2 MB",
        ...uploadSchema("logo"),
        response: PAGE,
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "logo", LOGO_MAX_BYTES, V.invalidValue);
      return { data: await replaceCompanyLogo(ctx, callerOf(request), receive) };
    },
  );

  app.delete(
    "/enterprise/company/logo",
    {
      config: { access: POLICIES.enterprise },
      schema: { tags, summary: "Remove the company's logo (a page without one is answered as it is)", response: PAGE },
    },
    async (request) => ({ data: await removeCompanyLogo(ctx, callerOf(request)) }),
  );

  app.get(
    "/enterprises/:id/company",
    {
      // Finer than a role: the service admits the enterprise's staff and its affiliated contractors.
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "An enterprise's company page, read only (never the purchase summary)",
        params: ZIdParamsSchema,
        response: PAGE,
      },
    },
    async (request) => ({ data: await readCompanyPage(ctx, callerOf(request), request.params.id) }),
  );

  app.get(
    "/enterprises/:id/company/links",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "The useful links shown on an enterprise's company page",
        params: ZIdParamsSchema,
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZLinkSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => readCompanyLinks(ctx, callerOf(request), request.params.id, request.query),
  );

  app.get(
    "/enterprises/:id/company/logo",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "An enterprise's logo (the `logo.url` of its company page)",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: fileResponses("The image bytes, with their content type", LOGO_TYPES),
      },
    },
    async (request, reply) =>
      sendStoredFile(ctx, reply, await openCompanyLogo(ctx, callerOf(request), request.params.id)),
  );
};
