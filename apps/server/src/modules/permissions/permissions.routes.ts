import {
  ORGANISATION_LIMITS,
  POLICIES,
  ZDataSchema,
  ZDeadEndSchema,
  ZPermissionCellSchema,
  ZPermissionsExportQuerySchema,
  ZPermissionsImportResultSchema,
  ZPermissionsMatrixSchema,
  ZPermissionsQuerySchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses, uploadSchema } from "../../lib/route-schemas";
import { readUpload } from "../../lib/uploads";
import { callerOf } from "../../plugins/auth";
import { getDeadEnds } from "./dead-ends";
import { MATRIX_FILE_TYPES } from "./matrix-file";
import { exportMatrix, getMatrix, importMatrix, setCell } from "./permissions.service";

const tags = ["organisation"];
const access = POLICIES.organisationEditors;

/** Registered under /api; its routes are /api/permissions…: the permissions matrix (responsibles × sectors), its export and import. */
export const permissionsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/permissions",
    {
      config: { access },
      schema: {
        tags,
        summary: "The permissions matrix of a division (the enterprise: of all its divisions without divisionId)",
        querystring: ZPermissionsQuerySchema,
        response: { 200: ZDataSchema(ZPermissionsMatrixSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getMatrix(ctx, callerOf(request), request.query.divisionId) }),
  );

  app.get(
    "/permissions/dead-ends",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Every criticality flow of a sector that cannot complete with the matrix as it is (no Verifier; no Approver other than the only Verifier; only the creator eligible)",
        querystring: ZPermissionsQuerySchema,
        response: { 200: ZDataSchema(z.array(ZDeadEndSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getDeadEnds(ctx, callerOf(request), request.query.divisionId) }),
  );

  app.put(
    "/permissions/cell",
    {
      config: { access },
      schema: {
        tags,
        summary: "Set one cell (none clears it); answers the matrix of its division",
        body: ZPermissionCellSchema,
        response: { 200: ZDataSchema(ZPermissionsMatrixSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await setCell(ctx, callerOf(request), request.body) }),
  );

  app.get(
    "/permissions/export",
    {
      config: { access },
      schema: {
        tags,
        summary: "The matrix as a CSV or XLSX file (Manager email, Sector number, Role)",
        querystring: ZPermissionsExportQuerySchema,
        // Bytes, not JSON: the serializer never sees them.
        response: fileResponses("The file (CSV or XLSX), as an attachment", Object.values(MATRIX_FILE_TYPES)),
      },
    },
    async (request, reply) => {
      const file = await exportMatrix(ctx, callerOf(request), request.query);
      return reply
        .header("Content-Type", MATRIX_FILE_TYPES[request.query.format])
        .header("Content-Disposition", `attachment; filename="${file.filename}"`)
        .header("Cache-Control", "no-store")
        .send(file.data);
    },
  );

  app.post(
    "/permissions/import",
    {
      config: { access },
      schema: {
        tags,
        summary: "Import a CSV or XLSX matrix file (multipart, field `file`): all rows or none",
        ...uploadSchema("file"),
        response: { 200: ZDataSchema(ZPermissionsImportResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receive = () => readUpload(request, "file", ORGANISATION_LIMITS.importMaxBytes);
      return { data: await importMatrix(ctx, callerOf(request), receive) };
    },
  );
};
