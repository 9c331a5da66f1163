import {
  ORGANISATION_LIMITS,
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZIsolationApplyInputSchema,
  ZIsolationExportQuerySchema,
  ZIsolationFileQuerySchema,
  ZIsolationImportResultSchema,
  ZIsolationInPlaceSchema,
  ZIsolationPointInputSchema,
  ZIsolationPointListQuerySchema,
  ZIsolationPointSchema,
  ZIsolationPointUpdateSchema,
  ZIsolationProveInputSchema,
  ZIsolationReleaseInputSchema,
  ZPageQuerySchema,
  ZPageSchema,
  ZPermitIsolationsInputSchema,
  ZPermitIsolationsSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { TABLE_FILE_TYPES } from "../../lib/table-file";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { isolationsInPlace } from "./in-place.service";
import { exportPoints, importPoints } from "./isolation-file.service";
import { applyIsolation, proveIsolation, releaseIsolation } from "./operations.service";
import { getPermitIsolations, setPermitIsolations } from "./permit-isolations.service";
import { createPoint, deletePoint, getPoint, listPoints, updatePoint } from "./points.service";

const tags = ["isolations"];
const point = { 200: ZDataSchema(ZIsolationPointSchema), ...ERROR_RESPONSES };

/** Registered under /api: the isolation register, its operations (apply, prove, release) and a permit's isolations. */
export const isolationsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/isolation-points",
    {
      config: { access: POLICIES.riskReaders },
      schema: {
        tags,
        summary: "Isolation points of the sectors the caller sees (search: tag or equipment)",
        querystring: ZIsolationPointListQuerySchema,
        response: { 200: ZPageSchema(ZIsolationPointSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listPoints(ctx, callerOf(request), request.query),
  );

  app.get(
    "/isolation-points/in-place",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Every isolation in place now: where, since when, by whom, for which live permits",
        querystring: ZPageQuerySchema,
        response: { 200: ZPageSchema(ZIsolationInPlaceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => isolationsInPlace(ctx, callerOf(request), request.query),
  );

  app.get(
    "/isolation-points/export",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary:
          "One division's register as a CSV or XLSX file (Tag, Equipment, Energy, Method, Sector, Sub-sector, X %, Y %)",
        querystring: ZIsolationExportQuerySchema,
        // Bytes, not JSON: the serializer never sees them.
        response: fileResponses("The file (CSV or XLSX), as an attachment", Object.values(TABLE_FILE_TYPES)),
      },
    },
    async (request, reply) => {
      const file = await exportPoints(ctx, callerOf(request), request.query);
      return reply
        .header("Content-Type", TABLE_FILE_TYPES[request.query.format])
        .header("Content-Disposition", `attachment; filename="${file.filename}"`)
        .header("Cache-Control", "no-store")
        .send(file.data);
    },
  );

  app.post(
    "/isolation-points/import",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Import a CSV or XLSX register file of one division (multipart, field `file`): all rows or none",
        ...uploadSchema("file"),
        querystring: ZIsolationFileQuerySchema,
        response: { 200: ZDataSchema(ZIsolationImportResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "file", ORGANISATION_LIMITS.importMaxBytes);
      return { data: await importPoints(ctx, callerOf(request), request.query, receive) };
    },
  );

  app.get(
    "/isolation-points/:id",
    {
      config: { access: POLICIES.principalStaff },
      schema: { tags, summary: "An isolation point", params: ZIdParamsSchema, response: point },
    },
    async (request) => ({ data: await getPoint(ctx, callerOf(request), request.params.id) }),
  );

  app.post(
    "/isolation-points",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Add an isolation point to the register",
        body: ZIsolationPointInputSchema,
        response: { 201: ZDataSchema(ZIsolationPointSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createPoint(ctx, callerOf(request), request.body) }),
  );

  app.patch(
    "/isolation-points/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Change or move an isolation point",
        params: ZIdParamsSchema,
        body: ZIsolationPointUpdateSchema,
        response: point,
      },
    },
    async (request) => ({ data: await updatePoint(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    "/isolation-points/:id",
    {
      config: { access: POLICIES.organisationEditors },
      schema: {
        tags,
        summary: "Remove an isolation point (409 while isolated or named by an unfinished permit)",
        params: ZIdParamsSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deletePoint(ctx, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/isolation-points/:id/apply",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Apply the isolation (lock number)",
        params: ZIdParamsSchema,
        body: ZIsolationApplyInputSchema,
        response: point,
      },
    },
    async (request) => ({
      data: await applyIsolation(ctx, callerOf(request), request.params.id, request.body.lockNumber),
    }),
  );

  app.post(
    "/isolation-points/:id/prove",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Prove the isolation (zero-energy test, signed by a second person)",
        params: ZIdParamsSchema,
        body: ZIsolationProveInputSchema,
        response: point,
      },
    },
    async (request) => ({ data: await proveIsolation(ctx, callerOf(request), request.params.id, request.body) }),
  );

  app.post(
    "/isolation-points/:id/release",
    {
      config: { access: POLICIES.principalStaff },
      schema: {
        tags,
        summary: "Release the isolation (409 while a live permit needs it)",
        params: ZIdParamsSchema,
        body: ZIsolationReleaseInputSchema,
        response: point,
      },
    },
    async (request) => ({
      data: await releaseIsolation(ctx, callerOf(request), request.params.id, request.body.remark),
    }),
  );

  app.get(
    "/permits/:id/isolations",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "The isolations a permit needs, and which are not applied and proven yet",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZPermitIsolationsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getPermitIsolations(ctx, callerOf(request), request.params.id) }),
  );

  app.put(
    "/permits/:id/isolations",
    {
      config: { access: POLICIES.permitParties },
      schema: {
        tags,
        summary: "Name the isolation points a draft permit needs",
        params: ZIdParamsSchema,
        body: ZPermitIsolationsInputSchema,
        response: { 200: ZDataSchema(ZPermitIsolationsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await setPermitIsolations(ctx, callerOf(request), request.params.id, request.body.pointIds),
    }),
  );
};
