import {
  POLICIES,
  ZAffiliationDemandSchema,
  ZAffiliationInvitationResultSchema,
  ZAffiliationInvitationSchema,
  ZAffiliationRequestSchema,
  ZDataSchema,
  ZDirectoryEnterpriseSchema,
  ZPageSchema,
  ZPrincipalSchema,
  ZPrincipalsQuerySchema,
  ZSearchPageQuerySchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { enterpriseDirectory, listPrincipals } from "./directory.service";
import { inviteByEmail } from "./invitations.service";
import { requestAffiliation } from "./requests.service";

const tags = ["contractors"];

/** Invitations (principal → supplier), requests (supplier → principal), the directory and the supplier's principals. */
export const affiliationRequestRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.post(
    "/affiliations/invitations",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Invite a contractor by e-mail (an unknown e-mail gets an account to complete)",
        body: ZAffiliationInvitationSchema,
        response: { 201: ZDataSchema(ZAffiliationInvitationResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await inviteByEmail(ctx, callerOf(request), request.body) }),
  );

  app.post(
    "/affiliations/requests",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: "Ask an enterprise to work for it",
        body: ZAffiliationRequestSchema,
        response: { 201: ZDataSchema(ZAffiliationDemandSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requestAffiliation(ctx, callerOf(request), request.body.enterpriseId) }),
  );

  app.get(
    "/enterprise-directory",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary: "Active enterprises by name, with the caller's affiliation status with each",
        querystring: ZSearchPageQuerySchema,
        response: { 200: ZPageSchema(ZDirectoryEnterpriseSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => enterpriseDirectory(ctx, callerOf(request), request.query),
  );

  app.get(
    "/principals",
    {
      config: { access: POLICIES.contractor },
      schema: {
        tags,
        summary: "The enterprises the caller's supplier has an affiliation with",
        querystring: ZPrincipalsQuerySchema,
        response: { 200: ZPageSchema(ZPrincipalSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listPrincipals(ctx, callerOf(request), request.query),
  );
};
