import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZIncompatiblePairInputSchema,
  ZIncompatiblePairSchema,
  ZPermitClashesSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { permitClashes } from "./clashes.service";
import { addIncompatiblePair, listIncompatiblePairs, removeIncompatiblePair } from "./incompatible-pairs.service";

/** Clash detection (SIMOPS): a permit's clashes, and the enterprise's incompatible work types. Under /api. */
export const clashesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/permits/:id/clashes",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags: ["permits"],
        summary: "The permit's clashes now (overlapping live permits) and the acknowledgements recorded on it",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZPermitClashesSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await permitClashes(ctx, callerOf(request), request.params.id) }),
  );

  app.get(
    "/incompatible-work-types",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags: ["risks"],
        summary: "The enterprise's incompatible pairs of work types",
        response: { 200: ZDataSchema(z.array(ZIncompatiblePairSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listIncompatiblePairs(ctx, callerOf(request)) }),
  );

  app.post(
    "/incompatible-work-types",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags: ["risks"],
        summary: "Declare two work types incompatible (unordered; once per pair)",
        body: ZIncompatiblePairInputSchema,
        response: { 201: ZDataSchema(ZIncompatiblePairSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addIncompatiblePair(ctx, callerOf(request), request.body) }),
  );

  app.delete(
    "/incompatible-work-types/:id",
    {
      config: { access: POLICIES.enterprise },
      schema: {
        tags: ["risks"],
        summary: "Remove an incompatible pair",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await removeIncompatiblePair(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
