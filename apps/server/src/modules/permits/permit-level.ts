import { permitLevel, type TLevelMinimum } from "@openpermit/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { criticalityLevels, matrixCells, risks, specificRisks } from "../../db/schema";

/** The level columns a permit keeps (at a send, at a re-rate). */
export interface TKeptLevel {
  name: string;
  colour: string;
  flow: "verify" | "verify_and_approve";
}

/**
 * A permit's criticality level as the server keeps it: the shared permitLevel of the enterprise's matrix as it
 * is now, the rating's cell and the minimums of the named risks and specific critical risks. Undefined when the
 * cell has no level (no matrix, or ids not of this enterprise's matrix).
 */
export async function levelOfPermit(
  db: TDb,
  enterpriseId: string,
  rating: { probabilityId: string; severityId: string },
  named: { riskIds: string[]; specificRiskIds: string[] },
) {
  const [levels, [cell], riskRows, specificRows] = await Promise.all([
    db
      .select({
        id: criticalityLevels.id,
        name: criticalityLevels.name,
        colour: criticalityLevels.colour,
        flow: criticalityLevels.flow,
      })
      .from(criticalityLevels)
      .where(eq(criticalityLevels.enterpriseId, enterpriseId))
      .orderBy(asc(criticalityLevels.position)),
    db
      .select({ levelId: matrixCells.levelId })
      .from(matrixCells)
      .where(and(eq(matrixCells.probabilityId, rating.probabilityId), eq(matrixCells.severityId, rating.severityId))),
    named.riskIds.length > 0
      ? db
          .select({ id: risks.id, name: risks.name, minLevelId: risks.minLevelId })
          .from(risks)
          .where(inArray(risks.id, named.riskIds))
      : Promise.resolve([]),
    named.specificRiskIds.length > 0
      ? db
          .select({ id: specificRisks.id, name: specificRisks.name, minLevelId: specificRisks.minLevelId })
          .from(specificRisks)
          .where(inArray(specificRisks.id, named.specificRiskIds))
      : Promise.resolve([]),
  ]);
  const minimums: TLevelMinimum[] = [
    ...riskRows.map((r) => ({ kind: "risk" as const, ...r })),
    ...specificRows.map((r) => ({ kind: "specificRisk" as const, ...r })),
  ];
  // The cell's level is looked up among this enterprise's levels only: another matrix's cell has none here.
  return permitLevel(levels, cell?.levelId, minimums);
}
