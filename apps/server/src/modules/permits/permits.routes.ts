import {
  PERMIT_ACTIONS,
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZPermitActionInputSchema,
  ZPermitDraftSchema,
  ZPermitEventSchema,
  ZPermitRerateInputSchema,
  ZPermitSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { createPermit, deletePermit, getPermit, updatePermit } from "./drafts.service";
import { duplicatePermit } from "./duplicate.service";
import { permitHistory } from "./history.service";
import { reratePermit } from "./rerate.service";
import { takeAction } from "./workflow.service";

const tags = ["permits"];
const access = POLICIES.permitParties;
const permitAnswer = { 200: ZDataSchema(ZPermitSchema), ...ERROR_RESPONSES };

const SUMMARIES = {
  send: "Send the permit for verification (the first send gives its number and uses one credit)",
  verify: "Verify (sign) the permit (a Verifier of its sector; approves it when its level needs no approval)",
  recheck: "Send the permit back to its creator for a recheck (remark required)",
  reject: "Reject the permit (remark required)",
  approve: "Approve the verified permit (an Approver of its sector, not its verifier)",
  accept: "Accept the approved permit's conditions (its creator's side)",
  start: "Start the work",
  end: "Close out the work (the permit holder's declaration; the permit then awaits its hand-back)",
  handBack: "Accept the area back (a signature by a manager of the sector, not its creator): the permit is ended",
  suspend:
    "Suspend the work (a reason required): a manager of its sector, its division's SuperResponsible, the Enterprise, or its holder",
  resume:
    "Resume the suspended permit (a signature by a manager, never its holder or creator; refused under an emergency stop)",
  cancel: "Cancel the permit (irreversible)",
} as const;

/** A permit's draft, its reading, its workflow actions, its duplicate and its history. */
export const permitRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.post(
    "/permits",
    {
      config: { access },
      schema: {
        tags,
        summary: "Save a new permit draft",
        body: ZPermitDraftSchema,
        response: { 201: ZDataSchema(ZPermitSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createPermit(ctx, callerOf(request), request.body) }),
  );

  app.get(
    "/permits/:id",
    { config: { access }, schema: { tags, summary: "A permit", params: ZIdParamsSchema, response: permitAnswer } },
    async (request) => ({ data: await getPermit(ctx, callerOf(request), request.params.id) }),
  );

  app.patch(
    "/permits/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Replace the permit's draft (pending or Recheck, its creator's side)",
        params: ZIdParamsSchema,
        body: ZPermitDraftSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({ data: await updatePermit(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/permits/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Delete a draft that was never sent (its creator)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deletePermit(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/permits/:id/history",
    {
      config: { access },
      schema: {
        tags,
        summary: "The permit's history, oldest first",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(z.array(ZPermitEventSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await permitHistory(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/permits/:id/duplicate",
    {
      config: { access },
      schema: {
        tags,
        summary: "Copy the permit into a new draft of the caller (no files, no number)",
        params: ZIdParamsSchema,
        response: { 201: ZDataSchema(ZPermitSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await duplicatePermit(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/permits/:id/rerate",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Re-rate the sent permit's probability and severity, with a reason (a Verifier of its sector, not its creator)",
        params: ZIdParamsSchema,
        body: ZPermitRerateInputSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({ data: await reratePermit(ctx, callerOf(request), request.params.id, request.body) }),
  );

  for (const action of PERMIT_ACTIONS) {
    app.post(
      `/permits/:id/${action}`,
      {
        config: { access },
        schema: {
          tags,
          summary: SUMMARIES[action],
          params: ZIdParamsSchema,
          // No body at all is fine: Fastify hands such a request over as null.
          body: ZPermitActionInputSchema.nullish(),
          response: permitAnswer,
        },
      },
      async (request) => ({
        data: await takeAction(ctx, callerOf(request), request.params.id, action, request.body ?? {}),
      }),
    );
  }
};
