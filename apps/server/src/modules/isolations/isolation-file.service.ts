import {
  ISOLATION_ENERGIES,
  ISOLATION_FILE_COLUMNS,
  ORGANISATION_LIMITS,
  type TImportRowErrorCode,
  type TIsolationEnergy,
  type TIsolationImportResult,
  V,
} from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { assertDivisionVisible, editorScope, type TEditorScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { isolationPoints, sectors, subSectors } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { readTableFile, type TTableFormat, type TTableRow, tableFormatOf, writeTableFile } from "../../lib/table-file";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { allPoints } from "./points.repository";

/** The division a register file is of: the Enterprise names one (400 without), a SuperResponsible its own. */
async function divisionOf(ctx: TContext, scope: TEditorScope, divisionId: string | undefined): Promise<string> {
  const id = divisionId ?? (scope.role === "SuperResponsible" ? scope.divisionId : undefined);
  if (!id) throw new AppError("VALIDATION_FAILED", "Name the division.", { divisionId: V.divisionRequired });
  await assertDivisionVisible(ctx, scope, id);
  return id;
}

const percent = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 10_000) / 100);

/** GET /api/isolation-points/export: one division's register as CSV or XLSX (the columns of ISOLATION_FILE_COLUMNS). */
export async function exportPoints(
  ctx: TContext,
  caller: TCaller,
  query: { format: TTableFormat; divisionId?: string | undefined },
) {
  const scope = await editorScope(ctx, caller);
  const divisionId = await divisionOf(ctx, scope, query.divisionId);
  const rows = await allPoints(
    ctx.db,
    and(
      eq(isolationPoints.enterpriseId, scope.enterpriseId),
      eq(sectors.divisionId, divisionId),
      isNull(sectors.deletedAt),
      isNull(isolationPoints.deletedAt),
    )!,
  );
  const [tag, equipment, energy, method, sector, subSector, x, y] = ISOLATION_FILE_COLUMNS;
  const data = await writeTableFile(
    query.format,
    "Isolation points",
    [
      { header: tag, key: "tag", width: 16 },
      { header: equipment, key: "equipment", width: 36 },
      { header: energy, key: "energy", width: 12 },
      { header: method, key: "method", width: 50 },
      { header: sector, key: "sector", width: 10 },
      { header: subSector, key: "subSector", width: 24 },
      { header: x, key: "x", width: 8 },
      { header: y, key: "y", width: 8 },
    ],
    rows.map((r) => ({
      tag: r.point.tag,
      equipment: r.point.equipment,
      energy: r.point.energy,
      method: r.point.method,
      sector: r.sectorNumber,
      subSector: r.subSectorName ?? "",
      x: percent(r.point.x),
      y: percent(r.point.y),
    })),
  );
  const day = new Date().toISOString().slice(0, 10);
  return { data, filename: `isolation-points-${day}.${query.format}` };
}

/** The energies in English or French, any case, with or without accents. */
const ENERGY_WORDS: Record<string, TIsolationEnergy> = {
  ...Object.fromEntries(ISOLATION_ENERGIES.map((e) => [e, e])),
  electrique: "electrical",
  mecanique: "mechanical",
  hydraulique: "hydraulic",
  pneumatique: "pneumatic",
  procede: "process",
  thermique: "thermal",
  chimique: "chemical",
};
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

type TPointValues = Omit<typeof isolationPoints.$inferInsert, "id" | "enterpriseId">;
interface TCheckedRow {
  row: number;
  errors: TImportRowErrorCode[];
  values?: TPointValues;
  existingId?: string;
}

/** A position cell pair: both empty (not placed) or two percentages 0..100; undefined when wrong. */
function positionOf(x: string, y: string): { x: number | null; y: number | null } | undefined {
  if (!x && !y) return { x: null, y: null };
  const [px, py] = [Number(x.replace(",", ".")), Number(y.replace(",", "."))];
  const ok = (v: number) => x !== "" && y !== "" && Number.isFinite(v) && v >= 0 && v <= 100;
  return ok(px) && ok(py) ? { x: px / 100, y: py / 100 } : undefined;
}

/**
 * Checks every row against the division's live sectors (by number, else by name) and their sub-sectors (by name),
 * and the enterprise's live tags: a tag of this division is updated, a new one added, one of another division
 * refused. Every bad row is named with each of its faults.
 */
async function checkRows(ctx: TContext, enterpriseId: string, divisionId: string, rows: TTableRow[]) {
  const sectorRows = await ctx.db
    .select({ id: sectors.id, number: sectors.number, name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.divisionId, divisionId), isNull(sectors.deletedAt)));
  const subRows = await ctx.db
    .select({ id: subSectors.id, sectorId: subSectors.sectorId, name: subSectors.name })
    .from(subSectors)
    .innerJoin(sectors, eq(sectors.id, subSectors.sectorId))
    .where(and(eq(sectors.divisionId, divisionId), isNull(subSectors.deletedAt)));
  const tags = await ctx.db
    .select({ id: isolationPoints.id, tag: isolationPoints.tag, divisionId: sectors.divisionId })
    .from(isolationPoints)
    .innerJoin(sectors, eq(sectors.id, isolationPoints.sectorId))
    .where(and(eq(isolationPoints.enterpriseId, enterpriseId), isNull(isolationPoints.deletedAt)));
  const seen = new Set<string>();
  return rows.map(({ row, cells }): TCheckedRow => {
    const [tag = "", equipment = "", energyText = "", method = "", sectorText = "", subText = "", x = "", y = ""] =
      cells;
    const errors: TImportRowErrorCode[] = [];
    if (!tag || !equipment || !energyText || !method || !sectorText) errors.push("missingValue");
    if (tag.length > 50 || equipment.length > 150 || method.length > 250) errors.push("badValue");
    const energy = ENERGY_WORDS[plain(energyText)];
    if (energyText && !energy) errors.push("badEnergy");
    const sector =
      sectorRows.find((s) => String(s.number) === sectorText) ??
      sectorRows.find((s) => s.name.toLowerCase() === sectorText.toLowerCase());
    if (sectorText && !sector) errors.push("unknownSector");
    const subSector = subText
      ? subRows.find((s) => s.sectorId === sector?.id && s.name.toLowerCase() === subText.toLowerCase())
      : undefined;
    if (subText && sector && !subSector) errors.push("unknownSubSector");
    const position = positionOf(x, y);
    if (!position) errors.push("badValue");
    const existing = tags.find((t) => t.tag.toLowerCase() === tag.toLowerCase());
    if (existing && existing.divisionId !== divisionId) errors.push("otherDivisionSector");
    if (tag && seen.has(tag.toLowerCase())) errors.push("duplicateRow");
    seen.add(tag.toLowerCase());
    if (errors.length > 0 || !sector || !energy || !position) return { row, errors: [...new Set(errors)] };
    const values = {
      tag,
      equipment,
      energy,
      method,
      sectorId: sector.id,
      subSectorId: subSector?.id ?? null,
      ...position,
    };
    return { row, errors, values, existingId: existing?.id };
  });
}

/**
 * POST /api/isolation-points/import: a CSV or XLSX file of one division's points. Every row is checked first; one
 * bad row refuses the whole file (IMPORT_INVALID, each bad row named) and nothing changes. Otherwise, in one
 * transaction, an existing tag is updated and a new one added. Points the file does not list stay as they are.
 */
export async function importPoints(
  ctx: TContext,
  caller: TCaller,
  query: { divisionId?: string | undefined },
  receive: () => Promise<TUpload>,
): Promise<TIsolationImportResult> {
  const scope = await editorScope(ctx, caller);
  const divisionId = await divisionOf(ctx, scope, query.divisionId);
  const upload = await receive();
  const what = "isolation register";
  const rows = await readTableFile(
    await tableFormatOf(upload, "the isolation register"),
    upload.data,
    ISOLATION_FILE_COLUMNS,
    {
      maxRows: ORGANISATION_LIMITS.importMaxRows,
      what,
    },
  );
  if (!rows) {
    throw new AppError(
      "IMPORT_INVALID",
      `The first row must name the columns ${ISOLATION_FILE_COLUMNS.join(", ")}.`,
      undefined,
      {
        rows: [{ row: 1, errors: ["missingValue"] }],
      },
    );
  }
  const checked = await checkRows(ctx, scope.enterpriseId, divisionId, rows);
  const bad = checked.filter((r) => r.errors.length > 0);
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
  const now = new Date();
  try {
    await inTransaction(ctx.pool, async (tx) => {
      // The sectors named must still be live, and stay so until the rows are written (share lock).
      const named = [...new Set(checked.map((r) => r.values!.sectorId))];
      const live = await tx
        .select({ id: sectors.id })
        .from(sectors)
        .where(and(inArray(sectors.id, named), isNull(sectors.deletedAt)))
        .for("share");
      if (live.length !== named.length)
        throw new AppError("SECTOR_DELETED", "A sector of the file was deleted meanwhile.");
      for (const { values, existingId } of checked) {
        if (existingId) {
          const [updated] = await tx
            .update(isolationPoints)
            .set({ ...values!, updatedAt: now })
            .where(and(eq(isolationPoints.id, existingId), isNull(isolationPoints.deletedAt)))
            .returning({ id: isolationPoints.id });
          if (!updated) throw new AppError("CONFLICT", "The register changed meanwhile: import the file again.");
        } else {
          await tx.insert(isolationPoints).values({ ...values!, enterpriseId: scope.enterpriseId });
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "The register changed meanwhile: import the file again.");
    throw error;
  }
  const updated = checked.filter((r) => r.existingId).length;
  ctx.log.info(
    { event: "isolation-import", divisionId, by: scope.userId, rows: checked.length },
    "isolation register imported",
  );
  return { created: checked.length - updated, updated };
}
