import { and, asc, eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { criticalityLevels, matrixAxisLevels, matrixCells, riskMatrices } from "../../db/schema";

/** Everything of an enterprise's matrix: settings, axes by rank, levels in order, cells. */
export async function loadMatrix(db: TDb, enterpriseId: string) {
  const [settings, axes, levels, cells] = await Promise.all([
    db.select().from(riskMatrices).where(eq(riskMatrices.enterpriseId, enterpriseId)),
    db
      .select()
      .from(matrixAxisLevels)
      .where(eq(matrixAxisLevels.enterpriseId, enterpriseId))
      .orderBy(asc(matrixAxisLevels.rank)),
    db
      .select()
      .from(criticalityLevels)
      .where(eq(criticalityLevels.enterpriseId, enterpriseId))
      .orderBy(asc(criticalityLevels.position)),
    db
      .select({
        probabilityId: matrixCells.probabilityId,
        severityId: matrixCells.severityId,
        levelId: matrixCells.levelId,
      })
      .from(matrixCells)
      .innerJoin(criticalityLevels, eq(criticalityLevels.id, matrixCells.levelId))
      .where(eq(criticalityLevels.enterpriseId, enterpriseId)),
  ]);
  return { settings: settings[0], axes, levels, cells };
}

/** The level of one cell of an enterprise's matrix, with its two axis levels. */
export async function findCell(db: TDb, enterpriseId: string, probabilityId: string, severityId: string) {
  const [probability] = await db
    .select()
    .from(matrixAxisLevels)
    .where(
      and(
        eq(matrixAxisLevels.enterpriseId, enterpriseId),
        eq(matrixAxisLevels.id, probabilityId),
        eq(matrixAxisLevels.axis, "probability"),
      ),
    );
  const [severity] = await db
    .select()
    .from(matrixAxisLevels)
    .where(
      and(
        eq(matrixAxisLevels.enterpriseId, enterpriseId),
        eq(matrixAxisLevels.id, severityId),
        eq(matrixAxisLevels.axis, "severity"),
      ),
    );
  if (!probability || !severity) return undefined;
  const [level] = await db
    .select({ level: criticalityLevels })
    .from(matrixCells)
    .innerJoin(criticalityLevels, eq(criticalityLevels.id, matrixCells.levelId))
    .where(and(eq(matrixCells.probabilityId, probabilityId), eq(matrixCells.severityId, severityId)));
  return { probability, severity, level: level?.level };
}
