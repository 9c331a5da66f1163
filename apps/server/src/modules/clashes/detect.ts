import { CLASHING_STATUSES, type TClashRule, type TPermitClash, type TPermitStatus } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import { type TPermitParty, visiblePermits } from "../../access/permits";
import type { TDb } from "../../db/client";
import { incompatibleWorkTypes, permitIsolations, permits, sectors, subSectors, workTypes } from "../../db/schema";

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

/**
 * The clashes of a permit (docs/safety.md, "Clashes are acknowledged before signing"), in one query: the other
 * permits of its enterprise in a clashing status (`CLASHING_STATUSES`) whose windows overlap its own (strictly:
 * one ending when the other starts does not overlap), with each rule that matched —
 * `samePlace`: the same sector and the same sub-sector (or either names none: it holds the whole sector);
 * `incompatibleWork`: the same sector and a pair of work types the enterprise declared incompatible;
 * `sharedIsolation`: an isolation point both need.
 * A permit without a window or a sector (a draft being written) has none. `reader`, when given, says which other
 * permits the reader may open (the others' ids are left out); the action's check passes none.
 */
export async function clashesOf(db: TDb, permitId: string, reader?: TPermitParty): Promise<TPermitClash[]> {
  const visible: SQL = reader ? visiblePermits(reader) : sql`true`;
  const statuses = sql.join(
    CLASHING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute<TClashRow>(sql`
    WITH me AS (
      SELECT id, enterprise_id, sector_id, sub_sector_id, work_type_id, start_at, end_at
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
      FROM me JOIN ${permits} ON ${permits.enterpriseId} = me.enterprise_id AND ${permits.id} <> me.id
        AND ${permits.status}::text IN (${statuses})
        AND ${permits.startAt} < me.end_at AND me.start_at < ${permits.endAt}
    )
    SELECT c.*, s.name AS sector_name, ss.name AS sub_sector_name, w.name AS work_type_name
    FROM candidates c
    LEFT JOIN ${sectors} s ON s.id = c.sector_id
    LEFT JOIN ${subSectors} ss ON ss.id = c.sub_sector_id
    LEFT JOIN ${workTypes} w ON w.id = c.work_type_id
    WHERE c.same_place OR c.incompatible_work OR c.shared_isolation
    ORDER BY c.start_at, c.document_number, c.id`);
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
