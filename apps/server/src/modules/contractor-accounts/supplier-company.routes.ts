import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  POLICIES,
  V,
  ZDataSchema,
  ZIdParamsSchema,
  ZSupplierCompanySchema,
  ZSupplierCompanyUpdateSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { sendStoredFile } from "../../lib/send-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import {
  getSupplierCompany,
  openSupplierLogo,
  removeSupplierLogo,
  replaceSupplierLogo,
  updateSupplierCompany,
} from "./supplier-company.service";

const tags = ["contractors"];
const COMPANY = { 200: ZDataSchema(ZSupplierCompanySchema), ...ERROR_RESPONSES };

/** The supplier's own company (/supplier/profile) and its logo, served to those who may see it. */
export const supplierCompanyRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/supplier-company",
    {
      config: { access: POLICIES.contractor },
      schema: { tags, summary: "The caller's supplier company (its employees read it too)", response: COMPANY },
    },
    async (request) => ({ data: await getSupplierCompany(ctx, callerOf(request)) }),
  );

  app.patch(
    "/supplier-company",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: 'Edit the company\'s name, phone, address or website ("" or null clears an optional one)',
        body: ZSupplierCompanyUpdateSchema,
        response: COMPANY,
      },
    },
    async (request) => ({ data: await updateSupplierCompany(ctx, callerOf(request), request.body) }),
  );

  app.put(
    "/supplier-company/logo",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: "Upload the company's logo: multipart/form-data, field `logo`, PNG, JPEG or WebP, at most 2 MB",
        ...uploadSchema("logo"),
        response: COMPANY,
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "logo", LOGO_MAX_BYTES, V.invalidValue);
      return { data: await replaceSupplierLogo(ctx, callerOf(request), receive) };
    },
  );

  app.delete(
    "/supplier-company/logo",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: "Remove the company's logo (a company without one is answered as it is)",
        response: COMPANY,
      },
    },
    async (request) => ({ data: await removeSupplierLogo(ctx, callerOf(request)) }),
  );

  app.get(
    "/suppliers/:id/logo",
    {
      // Finer than a role: the service admits the supplier's people, the admin and affiliated principals.
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "A supplier's logo (the `logo.url` of the company)",
        params: ZIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: fileResponses("The image bytes, with their content type", LOGO_TYPES),
      },
    },
    async (request, reply) =>
      sendStoredFile(ctx, reply, await openSupplierLogo(ctx, callerOf(request), request.params.id)),
  );
};
