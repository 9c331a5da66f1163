import type { TClashRule, TPermitClash, TPermitStatus } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import { type TPermitParty, visiblePermits } from "../../access/permits";
import type { TDb } from "../../db/client";
import {
  CLASHING_STATUS_LIST,
  incompatibleWorkTypes,
  permitIsolations,
  permits,
  sectors,
  subSectors,
  windowRange,
  workTypes,
} from "../../db/schema";

interface TClashRow extends Record<string, unknown> {
  id: string;
  document_number: string;
  task_title: string;
  status: TPermitStatus;
  start_at: Date | string;
  end_at: Date | string;
  sector_name: string | null;
  sub_sector_name: string | null;
  work_type_name: string | null;
  same_place: boolean;
  incompatible_work: boolean;
  shared_isolation: boolean;
  visible: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The permit's enterprise and window; none while it has no window (a draft being written has no clashes). */
export async function windowOf(db: TDb, permitId: string) {
  const [own] = await db
    .select({ enterpriseId: permits.enterpriseId, startAt: permits.startAt, endAt: permits.endAt })
    .from(permits)
    .where(sql`${permits.id} = ${permitId}`);
  if (!own?.startAt || !own.endAt) return undefined;
  return { enterpriseId: own.enterpriseId, startAt: own.startAt, endAt: own.endAt };
}

/**
 * The clash query of a permit whose window is read first (`windowOf`) and given as constants: PostgreSQL then finds
 * the overlapping live permits in their GiST index (permits_live_window_idx) in well under a millisecond, where a
 * window read in the same statement left it reading every live permit of the enterprise after a date (~30 ms on
 * 10 000: docs/performance.md). The action's check runs under the enterprise's lock, so its time is every other
 * signer's wait.
 */
export function clashQuery(
  permitId: string,
  { enterpriseId, startAt, endAt }: { enterpriseId: string; startAt: Date; endAt: Date },
  reader?: TPermitParty,
): SQL {
  const visible: SQL = reader ? visiblePermits(reader) : sql`true`;
  return sql`
    WITH me AS (
      SELECT id, enterprise_id, sector_id, sub_sector_id, work_type_id
      FROM ${permits} WHERE id = ${permitId}
    ), candidates AS (
      SELECT ${permits.id} AS id, ${permits.documentNumber} AS document_number, ${permits.taskTitle} AS task_title,
        ${permits.status} AS status, ${permits.startAt} AS start_at, ${permits.endAt} AS end_at,
        ${permits.sectorId} AS sector_id, ${permits.subSectorId} AS sub_sector_id, ${permits.workTypeId} AS work_type_id,
        (${permits.sectorId} = me.sector_id AND (me.sub_sector_id IS NULL OR ${permits.subSectorId} IS NULL
          OR ${permits.subSectorId} = me.sub_sector_id)) AS same_place,
        (${permits.sectorId} = me.sector_id AND EXISTS (SELECT 1 FROM ${incompatibleWorkTypes} i
          WHERE i.enterprise_id = me.enterprise_id
            AND i.low_work_type_id = LEAST(${permits.workTypeId}, me.work_type_id)
            AND i.high_work_type_id = GREATEST(${permits.workTypeId}, me.work_type_id))) AS incompatible_work,
        EXISTS (SELECT 1 FROM ${permitIsolations} mine JOIN ${permitIsolations} theirs ON theirs.point_id = mine.point_id
          WHERE mine.permit_id = me.id AND theirs.permit_id = ${permits.id}) AS shared_isolation,
        (${visible}) AS visible
      FROM me JOIN ${permits} ON ${permits.enterpriseId} = ${enterpriseId} AND ${permits.id} <> ${permitId}
        AND ${permits.status} IN (${CLASHING_STATUS_LIST})
        AND ${windowRange(permits.startAt, permits.endAt)} && ${windowRange(sql`${startAt}::timestamptz`, sql`${endAt}::timestamptz`)}
        AND ${permits.startAt} < ${endAt} AND ${startAt} < ${permits.endAt}
    )
    SELECT c.*, s.name AS sector_name, ss.name AS sub_sector_name, w.name AS work_type_name
    FROM candidates c
    LEFT JOIN ${sectors} s ON s.id = c.sector_id
    LEFT JOIN ${subSectors} ss ON ss.id = c.sub_sector_id
    LEFT JOIN ${workTypes} w ON w.id = c.work_type_id
    WHERE c.same_place OR c.incompatible_work OR c.shared_isolation
    ORDER BY c.start_at, c.document_number, c.id`;
}

/**
 * The clashes of a permit (docs/safety.md, "Clashes are acknowledged before signing"): the other
 * permits of its enterprise in a clashing status (`CLASHING_STATUSES`) whose windows overlap its own (strictly:
 * one ending when the other starts does not overlap), with each rule that matched —
 * `samePlace`: the same sector and the same sub-sector (or either names none: it holds the whole sector);
 * `incompatibleWork`: the same sector and a pair of work types the enterprise declared incompatible;
 * `sharedIsolation`: an isolation point both need.
 * A permit without a window or a sector (a draft being written) has none. `reader`, when given, says which other
 * permits the reader may open (the others' ids are left out); the action's check passes none.
 */
export async function clashesOf(db: TDb, permitId: string, reader?: TPermitParty): Promise<TPermitClash[]> {
  const own = await windowOf(db, permitId);
  if (!own) return [];
  const result = await db.execute<TClashRow>(clashQuery(permitId, own, reader));
  return result.rows.map((row) => ({
    permit: {
      id: row.visible ? row.id : null,
      documentNumber: row.document_number,
      taskTitle: row.task_title,
      status: row.status,
      startAt: iso(row.start_at),
      endAt: iso(row.end_at),
      sectorName: row.sector_name,
      subSectorName: row.sub_sector_name,
      workTypeName: row.work_type_name,
    },
    rules: rulesOf(row),
  }));
}

function rulesOf(row: TClashRow): TClashRule[] {
  const rules: TClashRule[] = [];
  if (row.same_place) rules.push("samePlace");
  if (row.incompatible_work) rules.push("incompatibleWork");
  if (row.shared_isolation) rules.push("sharedIsolation");
  return rules;
}
