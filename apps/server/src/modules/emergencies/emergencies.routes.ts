import {
  POLICIES,
  ZDataSchema,
  ZEmergencyDeclarationSchema,
  ZEmergencyLiftSchema,
  ZEmergencySchema,
  ZIdParamsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { declareEmergency, liftEmergency, listEmergencies } from "./emergencies.service";

const tags = ["emergencies"];

/** Emergency stops of a sector or a division (packages/shared/src/schemas/emergencies.ts). Under /api. */
export const emergenciesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/emergencies",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "The emergencies in force, then the last lifted ones (the caller's enterprise or division)",
        response: { 200: ZDataSchema(z.array(ZEmergencySchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listEmergencies(ctx, callerOf(request)) }),
  );

  app.post(
    "/emergencies",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary:
          "Declare an emergency for a sector or a whole division: every live permit there is suspended at once (the Enterprise, or the division's SuperResponsible)",
        body: ZEmergencyDeclarationSchema,
        response: { 201: ZDataSchema(ZEmergencySchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await declareEmergency(ctx, callerOf(request), request.body) }),
  );

  app.post(
    "/emergencies/:id/lift",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Lift an emergency (the suspended permits stay suspended until each is resumed with a signature)",
        params: ZIdParamsSchema,
        body: ZEmergencyLiftSchema.nullish(),
        response: { 200: ZDataSchema(ZEmergencySchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await liftEmergency(ctx, callerOf(request), request.params.id, request.body ?? {}),
    }),
  );
};
