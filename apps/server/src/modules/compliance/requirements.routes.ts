import {
  POLICIES,
  ZAskedRequirementSchema,
  ZDataSchema,
  ZIdParamsSchema,
  ZReminderDaysSchema,
  ZRequirementInputSchema,
  ZRequirementSchema,
  ZWorkTypeComplianceInputSchema,
  ZWorkTypeComplianceSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { listAskedRequirements } from "./asked.service";
import {
  createRequirement,
  deleteRequirement,
  getReminderDays,
  listRequirements,
  setReminderDays,
  updateRequirement,
} from "./requirements.service";
import { getWorkTypeCompliance, setWorkTypeCompliance } from "./work-type-requirements.service";

const REQUIREMENT = { 200: ZDataSchema(ZRequirementSchema), ...ERROR_RESPONSES };
const REMINDERS = { 200: ZDataSchema(ZReminderDaysSchema), ...ERROR_RESPONSES };

/**
 * The enterprise's compliance requirements and expiry reminders (docs/safety.md, "Contractor compliance"): set by
 * the Enterprise, read by its SuperResponsibles too (access/compliance.ts).
 */
export const complianceRequirementsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const readers = { access: POLICIES.organisationEditors };
  const owner = { access: POLICIES.enterprise };
  const tags = ["compliance"];
  app.get(
    "/compliance/requirements",
    {
      config: readers,
      schema: {
        tags,
        summary: "The enterprise's compliance requirements, the disabled ones too",
        response: { 200: ZDataSchema(z.array(ZRequirementSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listRequirements(ctx, callerOf(request)) }),
  );
  app.get(
    "/compliance/requirements/asked",
    {
      config: { access: POLICIES.supplier },
      schema: {
        tags,
        summary:
          "What the supplier's enterprises (affiliated, requested or invited) ask it to give evidence of: their " +
          "enabled documents and competences, with the enterprise",
        response: { 200: ZDataSchema(z.array(ZAskedRequirementSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listAskedRequirements(ctx, callerOf(request)) }),
  );
  app.post(
    "/compliance/requirements",
    {
      config: owner,
      schema: {
        tags,
        summary: "Add a compliance requirement",
        body: ZRequirementInputSchema,
        response: { 201: ZDataSchema(ZRequirementSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createRequirement(ctx, callerOf(request), request.body) }),
  );
  app.put(
    "/compliance/requirements/:id",
    {
      config: owner,
      schema: {
        tags,
        summary: "Replace a compliance requirement (its kind stays once evidence names it)",
        params: ZIdParamsSchema,
        body: ZRequirementInputSchema,
        response: REQUIREMENT,
      },
    },
    async (request) => ({
      data: await updateRequirement(ctx, callerOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    "/compliance/requirements/:id",
    {
      config: owner,
      schema: {
        tags,
        summary: "Delete a compliance requirement no evidence names (disable it otherwise)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteRequirement(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    "/compliance/reminders",
    {
      config: readers,
      schema: { tags, summary: "The enterprise's expiry reminder days", response: REMINDERS },
    },
    async (request) => ({ data: await getReminderDays(ctx, callerOf(request)) }),
  );
  app.put(
    "/compliance/reminders",
    {
      config: owner,
      schema: {
        tags,
        summary: "Set the expiry reminder days (the second closer to the last valid day, or none)",
        body: ZReminderDaysSchema,
        response: REMINDERS,
      },
    },
    async (request) => ({ data: await setReminderDays(ctx, callerOf(request), request.body) }),
  );
  const NEEDS = { 200: ZDataSchema(ZWorkTypeComplianceSchema), ...ERROR_RESPONSES };
  app.get(
    "/work-types/:id/compliance",
    {
      config: readers,
      schema: {
        tags,
        summary: "The worker requirements a work type needs of its crews",
        params: ZIdParamsSchema,
        response: NEEDS,
      },
    },
    async (request) => ({ data: await getWorkTypeCompliance(ctx, callerOf(request), request.params.id) }),
  );
  app.put(
    "/work-types/:id/compliance",
    {
      config: owner,
      schema: {
        tags,
        summary: "Replace the worker requirements a work type needs (each of every crew member or of one)",
        params: ZIdParamsSchema,
        body: ZWorkTypeComplianceInputSchema,
        response: NEEDS,
      },
    },
    async (request) => ({
      data: await setWorkTypeCompliance(ctx, callerOf(request), request.params.id, request.body),
    }),
  );
};
