import { V } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type { TDb } from "../../../db/client";
import { permitCrewSignOns } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";

/**
 * The permit (the outer `permits` row of a query) has at least one worker signed on now: the start gate of the
 * crew (docs/safety.md, Crew), as a condition the scheduler's automatic start puts in its own UPDATE.
 */
export const hasSignedOnCrew = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${permitCrewSignOns} s
    WHERE s.permit_id = ${sql.identifier("permits")}.${sql.identifier("id")} AND s.signed_off_at IS NULL)`;

/**
 * Start needs at least one crew member signed on (briefed): 400 naming `crew` otherwise. Called inside the start's
 * transaction after its conditional UPDATE, which holds the permit's row: a sign-on or sign-off locks that row
 * first (crew.service.ts), so this reads the crew as it is when the permit starts, never one signed off meanwhile.
 */
export async function requireSignedOnCrew(tx: TDb, permitId: string): Promise<void> {
  const result = await tx.execute(sql`
    SELECT 1 FROM ${permitCrewSignOns} s WHERE s.permit_id = ${permitId} AND s.signed_off_at IS NULL LIMIT 1`);
  if (result.rows.length > 0) return;
  throw new AppError("VALIDATION_FAILED", "Sign on at least one crew member before the work starts.", {
    crew: V.crewNotSignedOn,
  });
}
