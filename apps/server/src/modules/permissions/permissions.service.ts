import {
  ORGANISATION_LIMITS,
  type TImportRowErrorCode,
  type TMatrixRole,
  type TPermissionsMatrix,
} from "@openpermit/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { assertDivisionVisible, editorScope, type TEditorScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { sectors, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import {
  matrixFormatOf,
  parseMatrixRole,
  readMatrixFile,
  type TMatrixFileRow,
  type TMatrixFormat,
  writeMatrixFile,
} from "./matrix-file";
import {
  loadCells,
  loadMatrix,
  lockMatrixParties,
  type TCellChange,
  type TMatrixArea,
  writeCells,
} from "./permissions.repository";

const roleOf = (cell: { canVerify: boolean; canApprove: boolean }): Exclude<TMatrixRole, "none"> =>
  cell.canVerify && cell.canApprove ? "both" : cell.canVerify ? "verifier" : "approver";

const cellOf = (role: TMatrixRole) => ({
  canVerify: role === "verifier" || role === "both",
  canApprove: role === "approver" || role === "both",
});

/**
 * The part of the matrix a request is about: the enterprise sees one division or all of them, a
 * super-responsible only its own (another division's id: 404, like any id it may not see).
 */
export async function areaOf(ctx: TContext, scope: TEditorScope, divisionId: string | undefined): Promise<TMatrixArea> {
  if (divisionId) {
    await assertDivisionVisible(ctx, scope, divisionId);
    return { enterpriseId: scope.enterpriseId, divisionId };
  }
  if (scope.role === "SuperResponsible") return { enterpriseId: scope.enterpriseId, divisionId: scope.divisionId };
  return { enterpriseId: scope.enterpriseId };
}

async function matrixOf(ctx: TContext, area: TMatrixArea): Promise<TPermissionsMatrix> {
  const matrix = await loadMatrix(ctx.db, area);
  return {
    managers: matrix.managers.map((m) => ({ ...m, divisionId: m.divisionId! })),
    sectors: matrix.sectors,
    cells: matrix.cells.map((c) => ({ managerId: c.managerId, sectorId: c.sectorId, role: roleOf(c) })),
  };
}

export async function getMatrix(ctx: TContext, caller: TCaller, divisionId: string | undefined) {
  const scope = await editorScope(ctx, caller);
  return matrixOf(ctx, await areaOf(ctx, scope, divisionId));
}

/**
 * Sets one cell. The manager (a responsible) and the live sector must both be in the caller's scope
 * (404 otherwise) and in the same division (400). Answers that division's matrix.
 */
export async function setCell(
  ctx: TContext,
  caller: TCaller,
  input: { managerId: string; sectorId: string; role: TMatrixRole },
): Promise<TPermissionsMatrix> {
  const scope = await editorScope(ctx, caller);
  const area = await areaOf(ctx, scope, undefined);
  const divisionId = await inTransaction(ctx.pool, async (tx) => {
    const parties = await lockMatrixParties(tx, [input.managerId], [input.sectorId]);
    const manager = parties.managers[0];
    const sector = parties.sectors[0];
    const managerVisible =
      manager?.enterpriseId === area.enterpriseId &&
      (manager.role === "Responsible" || manager.role === "SuperResponsible") &&
      (!area.divisionId || manager.divisionId === area.divisionId);
    if (!managerVisible) throw notFound("manager");
    const sectorVisible =
      sector?.enterpriseId === area.enterpriseId &&
      !sector.deletedAt &&
      (!area.divisionId || sector.divisionId === area.divisionId);
    if (!sectorVisible) throw notFound("sector");
    if (manager.role !== "Responsible") {
      throw new AppError("VALIDATION_FAILED", "Only permit managers (responsibles) have matrix cells.", {
        managerId: "invalidValue",
      });
    }
    if (manager.divisionId !== sector.divisionId) {
      throw new AppError("VALIDATION_FAILED", "The manager and the sector must be in the same division.", {
        sectorId: "invalidValue",
      });
    }
    await writeCells(
      tx,
      [{ managerId: input.managerId, sectorId: input.sectorId, ...cellOf(input.role) }],
      scope.userId,
    );
    await appendAudit(tx, {
      by: caller,
      action: "permission.changed",
      object: ["user", input.managerId],
      enterpriseId: area.enterpriseId,
      details: { sectorId: input.sectorId, role: input.role },
    });
    return sector.divisionId;
  });
  ctx.log.info({ event: "matrix-cell", ...input, by: scope.userId }, "permissions matrix cell set");
  return matrixOf(ctx, { enterpriseId: area.enterpriseId, divisionId });
}

// ── Export and import ────────────────────────────────────────────────────────────────────────────────

export async function exportMatrix(
  ctx: TContext,
  caller: TCaller,
  query: { format: TMatrixFormat; divisionId?: string | undefined },
) {
  const scope = await editorScope(ctx, caller);
  const area = await areaOf(ctx, scope, query.divisionId);
  const cells = await loadCells(ctx.db, area);
  const lines = cells.map((c) => ({
    email: c.email,
    managerName: c.managerName,
    sector: c.sectorNumber,
    sectorName: c.sectorName,
    role: roleOf(c),
  }));
  const data = await writeMatrixFile(query.format, lines);
  const day = new Date().toISOString().slice(0, 10);
  return { data, filename: `permissions-matrix-${day}.${query.format}` };
}

interface TResolvedRow {
  row: number;
  change?: TCellChange;
  errors: TImportRowErrorCode[];
}

/**
 * Checks every row of a matrix file against what the caller may see: the e-mail of a permit manager of
 * the caller's scope; a sector of that manager's division, by number or else by name (case-insensitive);
 * a role in English or French. Every bad row is named with each of its faults.
 */
async function resolveRows(ctx: TContext, area: TMatrixArea, rows: TMatrixFileRow[]): Promise<TResolvedRow[]> {
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const [people, columns] = await Promise.all([
    emails.length === 0
      ? []
      : ctx.db
          .select({ id: users.id, email: users.email, role: users.role, divisionId: users.divisionId })
          .from(users)
          .where(
            and(
              eq(users.enterpriseId, area.enterpriseId),
              area.divisionId ? eq(users.divisionId, area.divisionId) : undefined,
              inArray(sql`lower(${users.email})`, emails),
            ),
          ),
    ctx.db
      .select({ id: sectors.id, number: sectors.number, name: sectors.name, divisionId: sectors.divisionId })
      .from(sectors)
      .where(
        and(
          eq(sectors.enterpriseId, area.enterpriseId),
          area.divisionId ? eq(sectors.divisionId, area.divisionId) : undefined,
          isNull(sectors.deletedAt),
        ),
      ),
  ]);
  const personByEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const matches = (text: string) => {
    const number = /^\d+$/.test(text) ? Number(text) : null;
    const byNumber = number === null ? [] : columns.filter((s) => s.number === number);
    return byNumber.length > 0 ? byNumber : columns.filter((s) => s.name.toLowerCase() === text.toLowerCase());
  };
  const seen = new Set<string>();

  return rows.map(({ row, email, sector, role }) => {
    const errors: TImportRowErrorCode[] = [];
    const person = email ? personByEmail.get(email.toLowerCase()) : undefined;
    if (!email) errors.push("missingValue");
    else if (!person) errors.push("unknownEmail");
    else if (person.role !== "Responsible") errors.push("notAManager");
    const manager = person?.role === "Responsible" ? person : undefined;

    const candidates = sector ? matches(sector) : [];
    const column = manager ? candidates.find((s) => s.divisionId === manager.divisionId) : undefined;
    if (!sector) errors.push("missingValue");
    else if (candidates.length === 0) errors.push("unknownSector");
    else if (manager && !column) errors.push("otherDivisionSector");

    const parsed = role ? parseMatrixRole(role) : null;
    if (!role) errors.push("missingValue");
    else if (!parsed) errors.push("badRole");

    if (errors.length > 0 || !manager || !column || !parsed) return { row, errors: [...new Set(errors)] };
    const key = `${manager.id}:${column.id}`;
    if (seen.has(key)) return { row, errors: ["duplicateRow"] };
    seen.add(key);
    return { row, errors, change: { managerId: manager.id, sectorId: column.id, ...cellOf(parsed) } };
  });
}

/**
 * POST /api/permissions/import: a CSV or XLSX file of (manager e-mail, sector, role) rows. Every row is
 * checked first; one bad row refuses the whole file (IMPORT_INVALID, each bad row named) and nothing
 * changes. Otherwise every row is applied in one transaction. Cells the file does not list stay as they are.
 */
export async function importMatrix(ctx: TContext, caller: TCaller, receive: () => Promise<TUpload>) {
  const scope = await editorScope(ctx, caller);
  const area = await areaOf(ctx, scope, undefined);
  const upload = await receive();
  const rows = await readMatrixFile(await matrixFormatOf(upload), upload.data);
  if (!rows) {
    throw new AppError(
      "IMPORT_INVALID",
      "The first row must name the columns Manager email, Sector and Role.",
      undefined,
      {
        rows: [{ row: 1, errors: ["missingValue"] }],
      },
    );
  }
  const resolved = await resolveRows(ctx, area, rows);
  const bad = resolved.filter((r) => r.errors.length > 0);
  if (bad.length > 0) {
    throw new AppError(
      "IMPORT_INVALID",
      `${bad.length} row(s) of the file cannot be applied; nothing was changed.`,
      undefined,
      {
        rows: bad.map(({ row, errors }) => ({ row, errors })),
      },
    );
  }
  const changes = resolved.map((r) => r.change!);
  await inTransaction(ctx.pool, async (tx) => {
    // What was checked must still hold when it is written: a manager or a sector moved or deleted since
    // would otherwise get a cell across divisions.
    const parties = await lockMatrixParties(
      tx,
      [...new Set(changes.map((c) => c.managerId))],
      [...new Set(changes.map((c) => c.sectorId))],
    );
    const managerDivision = new Map(parties.managers.map((m) => [m.id, m.divisionId]));
    const sectorDivision = new Map(parties.sectors.filter((s) => !s.deletedAt).map((s) => [s.id, s.divisionId]));
    const stale = changes.some(
      (c) => !sectorDivision.has(c.sectorId) || managerDivision.get(c.managerId) !== sectorDivision.get(c.sectorId),
    );
    if (stale) throw new AppError("CONFLICT", "Managers or sectors changed during the import. Try again.");
    await writeCells(tx, changes, scope.userId);
    await appendAudit(tx, {
      by: caller,
      action: "permission.imported",
      enterpriseId: area.enterpriseId,
      details: { rows: changes.length },
    });
  });
  ctx.log.info(
    { event: "matrix-import", rows: changes.length, by: scope.userId, limit: ORGANISATION_LIMITS.importMaxRows },
    "permissions matrix imported",
  );
  return { applied: changes.length };
}
