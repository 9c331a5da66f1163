import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { emergencies, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * An emergency stop in force over a permit's place (its sector, or its whole division), as a condition on the
 * `permits` row of the query it is put in: the start and resume UPDATEs and the scheduler's auto-start carry
 * `noEmergencyInForce()` so that an emergency declared meanwhile wins over them.
 */
export const emergencyInForce = (): SQL =>
  sql`EXISTS (SELECT 1 FROM ${emergencies} e WHERE e.lifted_at IS NULL AND e.division_id = ${permits.divisionId}
    AND (e.sector_id IS NULL OR e.sector_id = ${permits.sectorId}))`;
export const noEmergencyInForce = (): SQL => sql`NOT ${emergencyInForce()}`;

/**
 * Refuses (409 EMERGENCY_IN_FORCE) to start or resume a permit whose sector or division is under an emergency
 * stop: it must be lifted first (docs/decisions.md, "Lifting an emergency resumes nothing").
 */
export async function checkNoEmergencyInForce(
  db: TDb,
  permit: { divisionId: string | null; sectorId: string | null },
): Promise<void> {
  if (!permit.divisionId) return;
  const [row] = await db
    .select({ id: emergencies.id })
    .from(emergencies)
    .where(
      and(
        isNull(emergencies.liftedAt),
        eq(emergencies.divisionId, permit.divisionId),
        or(isNull(emergencies.sectorId), permit.sectorId ? eq(emergencies.sectorId, permit.sectorId) : undefined),
      ),
    )
    .limit(1);
  if (row) {
    throw new AppError("EMERGENCY_IN_FORCE", "An emergency stop holds this place: it must be lifted first.");
  }
}
