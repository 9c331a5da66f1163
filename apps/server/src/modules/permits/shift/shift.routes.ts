import {
  POLICIES,
  ZDataSchema,
  ZExtensionParamsSchema,
  ZExtensionRefuseSchema,
  ZExtensionRequestSchema,
  ZExtensionSignSchema,
  ZHandoverAcceptSchema,
  ZHandoverParamsSchema,
  ZHandoverStartSchema,
  ZIdParamsSchema,
  ZPermitSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../../context";
import { ERROR_RESPONSES } from "../../../lib/route-schemas";
import { callerOf } from "../../../plugins/auth";
import { askExtension, refuseExtension, signExtension } from "./extension.service";
import { acceptHandover, cancelHandover, startHandover } from "./handover.service";

const tags = ["permits"];
const access = POLICIES.permitParties;
const permitAnswer = { 200: ZDataSchema(ZPermitSchema), ...ERROR_RESPONSES };

/** A live permit's extension and shift handover (docs/safety.md, "Extension and shift handover"). */
export const shiftRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.post(
    "/permits/:id/extensions",
    {
      config: { access },
      schema: {
        tags,
        summary: "Ask to extend the permit's end (its holder)",
        params: ZIdParamsSchema,
        body: ZExtensionRequestSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({ data: await askExtension(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.post(
    "/permits/:id/extensions/:extensionId/sign",
    {
      config: { access },
      schema: {
        tags,
        summary: "Sign an extension: the end moves (the sector's approver, or verifier without approval)",
        params: ZExtensionParamsSchema,
        body: ZExtensionSignSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await signExtension(ctx, callerOf(request), request.params.id, request.params.extensionId, request.body),
    }),
  );

  app.post(
    "/permits/:id/extensions/:extensionId/refuse",
    {
      config: { access },
      schema: {
        tags,
        summary: "Refuse an extension, with a remark (the same signers)",
        params: ZExtensionParamsSchema,
        body: ZExtensionRefuseSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await refuseExtension(ctx, callerOf(request), request.params.id, request.params.extensionId, request.body),
    }),
  );

  app.post(
    "/permits/:id/handovers",
    {
      config: { access },
      schema: {
        tags,
        summary: "Start a shift handover to an incoming holder, signed, with a note (the holder)",
        params: ZIdParamsSchema,
        body: ZHandoverStartSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({ data: await startHandover(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.post(
    "/permits/:id/handovers/:handoverId/accept",
    {
      config: { access },
      schema: {
        tags,
        summary: "Accept a handover by signing: become the holder (the incoming holder)",
        params: ZHandoverParamsSchema,
        body: ZHandoverAcceptSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await acceptHandover(ctx, callerOf(request), request.params.id, request.params.handoverId, request.body),
    }),
  );

  app.post(
    "/permits/:id/handovers/:handoverId/cancel",
    {
      config: { access },
      schema: {
        tags,
        summary: "Cancel an open handover (its outgoing or incoming holder)",
        params: ZHandoverParamsSchema,
        response: permitAnswer,
      },
    },
    async (request) => ({
      data: await cancelHandover(ctx, callerOf(request), request.params.id, request.params.handoverId),
    }),
  );
};
