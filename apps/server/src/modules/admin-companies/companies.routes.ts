import {
  POLICIES,
  ZAdminEnterpriseProfileSchema,
  ZAdminEnterpriseSchema,
  ZAdminSupplierProfileSchema,
  ZAdminSupplierSchema,
  ZCompanyListQuerySchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { disableEnterprise, enableEnterprise, getEnterpriseProfile, listEnterprises } from "./enterprises.service";
import { disableSupplier, enableSupplier, getSupplierProfile, listSuppliers } from "./suppliers.service";

const tags = ["admin"];
const access = POLICIES.admin;

/** The admin's lists of supplier and enterprise companies, and disabling or enabling one with all its people. */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/admin/suppliers",
    {
      config: { access },
      schema: {
        tags,
        summary: "Every supplier, with its employee and affiliation counts (q searches name and e-mail)",
        querystring: ZCompanyListQuerySchema,
        response: { 200: ZPageSchema(ZAdminSupplierSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listSuppliers(ctx, request.query),
  );

  app.get(
    "/admin/suppliers/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "A contractor's profile: its company, each principal it dealt with, its documents' standing with each",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZAdminSupplierProfileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getSupplierProfile(ctx, request.params.id, new Date()) }),
  );

  app.get(
    "/admin/enterprises",
    {
      config: { access },
      schema: {
        tags,
        summary: "Every enterprise, with its division, manager and contractor counts (q searches name and e-mail)",
        querystring: ZCompanyListQuerySchema,
        response: { 200: ZPageSchema(ZAdminEnterpriseSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listEnterprises(ctx, request.query),
  );

  app.get(
    "/admin/enterprises/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "An enterprise's profile: its accounts and its pending account request",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZAdminEnterpriseProfileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getEnterpriseProfile(ctx, request.params.id) }),
  );

  const actions = [
    [
      "suppliers",
      "disable",
      "Disable a supplier: its people's access ends at once",
      disableSupplier,
      ZAdminSupplierSchema,
    ],
    ["suppliers", "enable", "Enable a disabled supplier again", enableSupplier, ZAdminSupplierSchema],
    [
      "enterprises",
      "disable",
      "Disable an enterprise: its people's access ends at once",
      disableEnterprise,
      ZAdminEnterpriseSchema,
    ],
    ["enterprises", "enable", "Enable a disabled enterprise again", enableEnterprise, ZAdminEnterpriseSchema],
  ] as const;
  for (const [companies, action, summary, run, item] of actions) {
    app.post(
      `/admin/${companies}/:id/${action}`,
      {
        config: { access },
        schema: { tags, summary, params: ZIdParamsSchema, response: { 200: ZDataSchema(item), ...ERROR_RESPONSES } },
      },
      async (request) => ({ data: await run(ctx, callerOf(request), request.params.id) }),
    );
  }
};
