import {
  POLICIES,
  ZCrewCandidateSchema,
  ZCrewChangeSchema,
  ZCrewSignOnSchema,
  ZCrewWorkerParamsSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZPermitSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { permitPartyOf } from "../../../access/permits";
import type { TContext } from "../../../context";
import { ERROR_RESPONSES } from "../../../lib/route-schemas";
import { callerOf } from "../../../plugins/auth";
import { changeCrew, signOff, signOn } from "./crew.service";
import { crewCandidates, crewCompanyOfParty } from "./members";

const tags = ["permits"];
const access = POLICIES.permitParties;
const permitAnswer = { 200: ZDataSchema(ZPermitSchema), ...ERROR_RESPONSES };

/** A permit's crew: who may be named, the holder's changes, sign-on and sign-off (docs/safety.md, Crew). */
export const crewRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/crew-candidates",
    {
      config: { access },
      schema: {
        tags,
        summary: "The people the caller's company may name on a permit's crew",
        response: { 200: ZDataSchema(z.array(ZCrewCandidateSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const party = await permitPartyOf(ctx, callerOf(request));
      return { data: await crewCandidates(ctx.db, crewCompanyOfParty(party)) };
    },
  );

  app.put(
    "/permits/:id/crew",
    {
      config: { access },
      schema: {
        tags,
        summary: "Replace the permit's crew (its holder, until it ends)",
        params: ZIdParamsSchema,
        body: ZCrewChangeSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await changeCrew(ctx, callerOf(request), request.params.id, request.body.workerIds),
    }),
  );

  app.post(
    "/permits/:id/crew/:workerId/sign-on",
    {
      config: { access },
      schema: {
        tags,
        summary: "Sign a worker on: briefed on the hazards and precautions (the holder, or the worker)",
        params: ZCrewWorkerParamsSchema,
        body: ZCrewSignOnSchema.nullish(),
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await signOn(ctx, callerOf(request), request.params.id, request.params.workerId, request.body ?? {}),
    }),
  );

  app.post(
    "/permits/:id/crew/:workerId/sign-off",
    {
      config: { access },
      schema: {
        tags,
        summary: "Sign a worker off when they leave (the holder, or the worker)",
        params: ZCrewWorkerParamsSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await signOff(ctx, callerOf(request), request.params.id, request.params.workerId),
    }),
  );
};
