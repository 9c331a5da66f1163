import { sql } from "drizzle-orm";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import {
  criticalityLevels,
  divisions,
  enterprises,
  matrixCells,
  permits,
  sectorPermissions,
  sectors,
  subSectors,
  suppliers,
  users,
  workTypes,
} from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { isDraft } from "./draft-status";
import type { TPermitExportRow } from "./export-file";
import { nameOf } from "./list.read";
import { conditions, orderOf, type TPermitListFilters } from "./list.service";
import { outer } from "./permit-lookups";
import { ofCellsLevel, ofPartysStanding, ofPermitsCell } from "./permit-read";

/** At most this many rows in an export: a list beyond it is narrowed with the filters first. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * The whole filtered list (up to EXPORT_MAX_ROWS) as the export's rows, in the list's order: the list's own WHERE
 * and joins, and the names of every column the file has.
 */
export async function exportRows(
  ctx: TContext,
  caller: TCaller,
  query: TPermitListFilters,
): Promise<TPermitExportRow[]> {
  const party = await permitPartyOf(ctx, caller);
  const rows = await ctx.db
    .select({
      documentNumber: permits.documentNumber,
      status: permits.status,
      taskTitle: permits.taskTitle,
      enterprise: nameOf(enterprises, "enterprise_id"),
      division: nameOf(divisions, "division_id"),
      sector: sql<{ number: number; name: string } | null>`(SELECT json_build_object('number', s.number, 'name', s.name)
        FROM ${sectors} s WHERE s.id = ${outer("sector_id")})`,
      subSector: nameOf(subSectors, "sub_sector_id"),
      workType: nameOf(workTypes, "work_type_id"),
      contractor: nameOf(suppliers, "supplier_id"),
      startAt: permits.startAt,
      endAt: permits.endAt,
      levelName: permits.levelName,
      levelColour: permits.levelColour,
      levelFlow: permits.levelFlow,
      liveLevel: criticalityLevels.name,
      createdBy: nameOf(users, "created_by"),
      createdAt: permits.createdAt,
    })
    .from(permits)
    .leftJoin(sectorPermissions, ofPartysStanding(party))
    .leftJoin(matrixCells, ofPermitsCell)
    .leftJoin(criticalityLevels, ofCellsLevel)
    .where(conditions(party, query))
    .orderBy(...orderOf(query.sort))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(({ levelName, levelColour, levelFlow, liveLevel, ...row }) => ({
    ...row,
    // Live while a draft, as sent afterwards: the permit's own criticality (permit-read.ts).
    criticality: isDraft(row.status) ? liveLevel : levelName && levelColour && levelFlow ? levelName : null,
  }));
}
