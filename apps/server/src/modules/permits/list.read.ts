import { PERMIT_LIST_FLAGS, type TPermitListFlag, type TPermitSummary } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TPermitParty } from "../../access/permits";
import type { TDb } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { criticalityLevels, enterprises, matrixCells, permits, sectors, subSectors, suppliers } from "../../db/schema";
import { gasTestStateOf } from "../gas-tests/state";
import { isDraft } from "./draft-status";
import { outer, summaryLookups } from "./permit-lookups";
import { awaitingHandBack, ofCellsLevel, ofPermitsCell, overdueNow, suspendedNow } from "./permit-read";
import { handoverDueOf } from "./shift/actions";

/** The name of what a permit's column points at (a lookup by primary key, planned on its own: permit-lookups.ts). */
export const nameOf = (table: PgTable, column: string): SQL<string | null> =>
  sql<string | null>`(SELECT x.name FROM ${table} x WHERE x.id = ${outer(column)})`;

/**
 * What a list row shows, and only that: names rather than objects, the columns its flags are computed from, the
 * live level of a draft. The counterpart is the principal for a contractor, the contractor for the principal's
 * staff. No matrix-cell standing: a list row carries no actions (the permit's page has them).
 */
function selectSummaries(db: TDb, side: TPermitParty["side"]) {
  const { gasTestRule, shiftLengthHours } = summaryLookups();
  return db
    .select({
      id: permits.id,
      documentNumber: permits.documentNumber,
      status: permits.status,
      taskTitle: permits.taskTitle,
      startAt: permits.startAt,
      endAt: permits.endAt,
      levelName: permits.levelName,
      levelColour: permits.levelColour,
      levelFlow: permits.levelFlow,
      expiredAt: permits.expiredAt,
      closedOutAt: permits.closedOutAt,
      suspendedAt: permits.suspendedAt,
      gasTestedAt: permits.gasTestedAt,
      gasTestPassed: permits.gasTestPassed,
      complianceLapsedAt: permits.complianceLapsedAt,
      shiftStartedAt: permits.shiftStartedAt,
      counterpart: side === "contractor" ? nameOf(enterprises, "enterprise_id") : nameOf(suppliers, "supplier_id"),
      sector: nameOf(sectors, "sector_id"),
      subSector: nameOf(subSectors, "sub_sector_id"),
      gasTestRule,
      shiftLengthHours,
      liveLevel: { name: criticalityLevels.name, colour: criticalityLevels.colour },
    })
    .from(permits)
    .leftJoin(matrixCells, ofPermitsCell)
    .leftJoin(criticalityLevels, ofCellsLevel);
}

type TSummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["execute"]>>[number];

/**
 * These permits as list rows for a side, in no order. Only for ids the party's own query chose: nothing here checks
 * that the party sees them. One statement per side, for every page size (the ids are one array parameter).
 */
export async function summaryRowsByIds(db: TDb, side: TPermitParty["side"], ids: string[]): Promise<TSummaryRow[]> {
  const query = preparedOnce(db, `permit_summaries_by_ids_${side}`, (name) =>
    summariesByIdsQuery(db, side).prepare(name),
  );
  return query.execute({ ids });
}

/** The statement of `summaryRowsByIds`, its ids the placeholder `ids` (the bench's limit runs its text: a test compares). */
export function summariesByIdsQuery(db: TDb, side: TPermitParty["side"]) {
  return selectSummaries(db, side).where(sql`${permits.id} = ANY(${sql.placeholder("ids")}::uuid[])`);
}

/** Live from the matrix while a draft; as it was at the last send afterwards (as the permit's own criticality). */
function criticalityOf(row: TSummaryRow): TPermitSummary["criticality"] {
  if (isDraft(row.status)) return row.liveLevel ? { ...row.liveLevel } : null;
  if (!row.levelName || !row.levelColour || !row.levelFlow) return null;
  return { name: row.levelName, colour: row.levelColour };
}

/** The flags that hold, computed as the permit's own fields are (permit-read.ts), so both always agree. */
function flagsOf(row: TSummaryRow, now: Date): TPermitListFlag[] {
  const holds: Record<TPermitListFlag, boolean> = {
    overdue: overdueNow(row, now),
    expired: row.expiredAt !== null,
    suspended: suspendedNow(row),
    gasRetestDue: gasTestStateOf(row.gasTestRule, row, now)?.overdue === true,
    complianceLapsed: row.complianceLapsedAt !== null,
    handoverDue: handoverDueOf(row, row.shiftLengthHours, now),
    awaitingHandBack: awaitingHandBack(row),
  };
  return PERMIT_LIST_FLAGS.filter((flag) => holds[flag]);
}

export function toSummary(row: TSummaryRow, now: Date): TPermitSummary {
  return {
    id: row.id,
    documentNumber: row.documentNumber,
    status: row.status,
    taskTitle: row.taskTitle,
    counterpart: row.counterpart,
    sector: row.sector,
    subSector: row.subSector,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    criticality: criticalityOf(row),
    flags: flagsOf(row, now),
  };
}
