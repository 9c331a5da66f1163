import {
  POLICIES,
  ZDataSchema,
  ZEmployeeInputSchema,
  ZEmployeeListQuerySchema,
  ZEmployeeSchema,
  ZEmployeeUpdateSchema,
  ZIdParamsSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import {
  createEmployee,
  deleteEmployee,
  disableEmployee,
  enableEmployee,
  getEmployee,
  listEmployees,
  resendEmployeeInvitation,
  updateEmployee,
} from "./employees.service";

const tags = ["contractors"];
const access = POLICIES.supplier;
const EMPLOYEE = { 200: ZDataSchema(ZEmployeeSchema), ...ERROR_RESPONSES };

/** The supplier's employees (/supplier/employeelist): invited by e-mail, edited, disabled, deleted. */
export const employeesRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/employees",
    {
      config: { access },
      schema: {
        tags,
        summary: "The supplier's employees (q searches name and e-mail)",
        querystring: ZEmployeeListQuerySchema,
        response: { 200: ZPageSchema(ZEmployeeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listEmployees(ctx, callerOf(request), request.query),
  );

  app.get(
    "/employees/:id",
    { config: { access }, schema: { tags, summary: "An employee", params: ZIdParamsSchema, response: EMPLOYEE } },
    async (request) => ({ data: await getEmployee(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/employees",
    {
      config: { access },
      schema: {
        tags,
        summary: "Create an employee; it gets an invitation e-mail to complete its account",
        body: ZEmployeeInputSchema,
        response: { 201: ZDataSchema(ZEmployeeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createEmployee(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/employees/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Edit an employee's name or phone (the e-mail does not change)",
        params: ZIdParamsSchema,
        body: ZEmployeeUpdateSchema,
        response: EMPLOYEE,
      },
    },
    async (request) => ({ data: await updateEmployee(ctx, callerOf(request), request.params.id, request.body) }),
  );

  const actions = [
    ["disable", "Disable an employee: its access ends at once", disableEmployee],
    ["enable", "Enable a disabled employee again", enableEmployee],
    ["resend-invitation", "Send a new invitation link (only while invited)", resendEmployeeInvitation],
  ] as const;
  for (const [action, summary, run] of actions) {
    app.post(
      `/employees/:id/${action}`,
      { config: { access }, schema: { tags, summary, params: ZIdParamsSchema, response: EMPLOYEE } },
      async (request) => ({ data: await run(ctx, callerOf(request), request.params.id) }),
    );
  }

  app.delete(
    "/employees/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Delete an employee with its sessions and invitations",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteEmployee(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
