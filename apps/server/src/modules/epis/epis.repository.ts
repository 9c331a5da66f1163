import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { enterpriseEpis, epis, files, riskAssignmentEpis, riskAssignments } from "../../db/schema";

const icon = {
  id: files.id,
  contentType: files.contentType,
  width: files.width,
  height: files.height,
  at: files.createdAt,
};

const selectEpis = (db: TDb, where: SQL | undefined) =>
  db.select({ epi: epis, icon }).from(epis).leftJoin(files, eq(files.id, epis.iconFileId)).where(where);

export async function listEpis(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectEpis(db, where)
      .orderBy(asc(sql`lower(${epis.name})`), asc(epis.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(epis).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEpi(db: TDb, where: SQL) {
  const [row] = await selectEpis(db, where).limit(1);
  return row;
}

export type TEpiRow = NonNullable<Awaited<ReturnType<typeof findEpi>>>;

/** The catalogue (live EPIs), each with whether `enterpriseId` picked it. */
export async function listEnterpriseEpis(
  db: TDb,
  enterpriseId: string,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
) {
  const picked = and(eq(enterpriseEpis.epiId, epis.id), eq(enterpriseEpis.enterpriseId, enterpriseId));
  const base = and(isNull(epis.deletedAt), where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ epi: epis, icon, selected: sql<boolean>`${enterpriseEpis.epiId} IS NOT NULL` })
      .from(epis)
      .leftJoin(files, eq(files.id, epis.iconFileId))
      .leftJoin(enterpriseEpis, picked)
      .where(base)
      .orderBy(asc(sql`lower(${epis.name})`), asc(epis.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(epis).leftJoin(enterpriseEpis, picked).where(base),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Removes EPIs from the risk assignments of one enterprise (or of all, without `enterpriseId`). */
export async function unassignEpis(db: TDb, epiIds: string[], enterpriseId?: string) {
  if (epiIds.length === 0) return;
  await db
    .delete(riskAssignmentEpis)
    .where(
      and(
        inArray(riskAssignmentEpis.epiId, epiIds),
        enterpriseId
          ? sql`${riskAssignmentEpis.assignmentId} IN (SELECT ${riskAssignments.id} FROM ${riskAssignments} WHERE ${riskAssignments.enterpriseId} = ${enterpriseId})`
          : undefined,
      ),
    );
}
