import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import {
  enterpriseEpis,
  epis,
  riskAssignmentEpis,
  riskAssignmentRisks,
  riskAssignmentSpecificRisks,
  riskAssignments,
  risks,
  specificRisks,
} from "../../db/schema";

export async function findAssignment(db: TDb, where: SQL) {
  const [row] = await db.select().from(riskAssignments).where(where).limit(1);
  return row;
}

/** The live items of some assignments, each with the assignment that names it, by name. */
export async function assignedItems(db: TDb, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return { risks: [], specificRisks: [], epis: [] };
  const [riskRows, specificRows, epiRows] = await Promise.all([
    db
      .select({ assignmentId: riskAssignmentRisks.assignmentId, risk: risks })
      .from(riskAssignmentRisks)
      .innerJoin(risks, eq(risks.id, riskAssignmentRisks.riskId))
      .where(and(inArray(riskAssignmentRisks.assignmentId, assignmentIds), isNull(risks.deletedAt)))
      .orderBy(asc(sql`lower(${risks.name})`), asc(risks.id)),
    db
      .select({ assignmentId: riskAssignmentSpecificRisks.assignmentId, specificRisk: specificRisks })
      .from(riskAssignmentSpecificRisks)
      .innerJoin(specificRisks, eq(specificRisks.id, riskAssignmentSpecificRisks.specificRiskId))
      .where(and(inArray(riskAssignmentSpecificRisks.assignmentId, assignmentIds), isNull(specificRisks.deletedAt)))
      .orderBy(asc(sql`lower(${specificRisks.name})`), asc(specificRisks.id)),
    db
      .select({ assignmentId: riskAssignmentEpis.assignmentId, epi: epis })
      .from(riskAssignmentEpis)
      .innerJoin(epis, eq(epis.id, riskAssignmentEpis.epiId))
      .where(and(inArray(riskAssignmentEpis.assignmentId, assignmentIds), isNull(epis.deletedAt)))
      .orderBy(asc(sql`lower(${epis.name})`), asc(epis.id)),
  ]);
  return { risks: riskRows, specificRisks: specificRows, epis: epiRows };
}

/** How many of `ids` are live risks, live specific risks, and EPIs the enterprise picked. */
export async function countKnown(
  db: TDb,
  enterpriseId: string,
  ids: { riskIds: string[]; specificRiskIds: string[]; epiIds: string[] },
) {
  const counted = async (query: Promise<{ id: string }[]>) => (await query).length;
  const [riskCount, specificCount, epiCount] = await Promise.all([
    ids.riskIds.length === 0
      ? 0
      : counted(
          db
            .select({ id: risks.id })
            .from(risks)
            .where(and(eq(risks.enterpriseId, enterpriseId), isNull(risks.deletedAt), inArray(risks.id, ids.riskIds))),
        ),
    ids.specificRiskIds.length === 0
      ? 0
      : counted(
          db
            .select({ id: specificRisks.id })
            .from(specificRisks)
            .where(
              and(
                eq(specificRisks.enterpriseId, enterpriseId),
                isNull(specificRisks.deletedAt),
                inArray(specificRisks.id, ids.specificRiskIds),
              ),
            ),
        ),
    ids.epiIds.length === 0
      ? 0
      : counted(
          db
            .select({ id: enterpriseEpis.epiId })
            .from(enterpriseEpis)
            .innerJoin(epis, eq(epis.id, enterpriseEpis.epiId))
            .where(
              and(
                eq(enterpriseEpis.enterpriseId, enterpriseId),
                isNull(epis.deletedAt),
                inArray(enterpriseEpis.epiId, ids.epiIds),
              ),
            ),
        ),
  ]);
  return { riskCount, specificCount, epiCount };
}
