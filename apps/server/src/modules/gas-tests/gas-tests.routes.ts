import {
  POLICIES,
  ZDataSchema,
  ZGasInputSchema,
  ZGasSchema,
  ZGasTestInputSchema,
  ZIdParamsSchema,
  ZPermitGasTestsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { listPermitGasTests, recordGasTest } from "./gas-tests.service";
import { createGas, deleteGas, listGases, updateGas } from "./gases.service";

const GAS = { 200: ZDataSchema(ZGasSchema), ...ERROR_RESPONSES };
const PERMIT_TESTS = { 200: ZDataSchema(ZPermitGasTestsSchema), ...ERROR_RESPONSES };

/** The enterprise's gases and limits, and a permit's gas tests (docs/safety.md, "The atmosphere is tested"). */
export const gasTestsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const enterprise = { access: POLICIES.enterprise };
  app.get(
    "/gases",
    {
      config: enterprise,
      schema: {
        tags: ["gases"],
        summary: "The enterprise's gases and their limits",
        response: { 200: ZDataSchema(z.array(ZGasSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listGases(ctx, callerOf(request)) }),
  );
  app.post(
    "/gases",
    {
      config: enterprise,
      schema: {
        tags: ["gases"],
        summary: "Add a gas with its limits",
        body: ZGasInputSchema,
        response: { 201: ZDataSchema(ZGasSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createGas(ctx, callerOf(request), request.body) }),
  );
  app.put(
    "/gases/:id",
    {
      config: enterprise,
      schema: {
        tags: ["gases"],
        summary: "Replace a gas's name, unit, limits and whether new tests read it",
        params: ZIdParamsSchema,
        body: ZGasInputSchema,
        response: GAS,
      },
    },
    async (request) => ({ data: await updateGas(ctx, callerOf(request), request.params.id, request.body) }),
  );
  app.delete(
    "/gases/:id",
    {
      config: enterprise,
      schema: {
        tags: ["gases"],
        summary: "Delete a gas no test has read (disable it otherwise)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteGas(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const permitParties = { access: POLICIES.permitParties };
  app.get(
    "/permits/:id/gas-tests",
    {
      config: permitParties,
      schema: {
        tags: ["permits"],
        summary: "A permit's gas tests, newest first, the gases a new test reads and whether the caller may record one",
        params: ZIdParamsSchema,
        response: PERMIT_TESTS,
      },
    },
    async (request) => ({ data: await listPermitGasTests(ctx, callerOf(request), request.params.id) }),
  );
  app.post(
    "/permits/:id/gas-tests",
    {
      config: permitParties,
      schema: {
        tags: ["permits"],
        summary: "Record a gas test: the server judges each reading (a failing one suspends work in progress)",
        params: ZIdParamsSchema,
        body: ZGasTestInputSchema,
        response: { 201: ZDataSchema(ZPermitGasTestsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await recordGasTest(ctx, callerOf(request), request.params.id, request.body) }),
  );
};
