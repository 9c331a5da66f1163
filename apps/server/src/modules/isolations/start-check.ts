import { V } from "@openpermit/shared";
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { isolationApplications, isolationPoints, permitIsolations, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * The start gate of isolations (docs/safety.md, "Isolations are in place before start"): a permit starts only once
 * each isolation point it needs has an isolation in place that was applied and proven. One rule for the API's
 * start (`checkIsolationsInPlace`, in the action's transaction) and the scheduler's (`isolationsInPlace`, a
 * condition on the permit's row).
 */
const provenInPlace = (pointId: SQL | typeof permitIsolations.pointId) =>
  sql`EXISTS (SELECT 1 FROM ${isolationApplications} WHERE ${isolationApplications.pointId} = ${pointId}
    AND ${isolationApplications.releasedAt} IS NULL AND ${isolationApplications.provenAt} IS NOT NULL)`;

/** True on a permit row whose every needed isolation is applied and proven (for a query on `permits`). */
export const isolationsInPlace: SQL = sql`NOT EXISTS (SELECT 1 FROM ${permitIsolations}
  WHERE ${permitIsolations.permitId} = ${permits.id} AND NOT ${provenInPlace(permitIsolations.pointId)})`;

/** The tags of the isolations the permit needs that are not applied and proven now, by tag. */
export async function isolationsNotReady(db: TDb, permitId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: isolationPoints.tag })
    .from(permitIsolations)
    .innerJoin(isolationPoints, eq(isolationPoints.id, permitIsolations.pointId))
    .leftJoin(
      isolationApplications,
      and(
        eq(isolationApplications.pointId, permitIsolations.pointId),
        isNull(isolationApplications.releasedAt),
        isNotNull(isolationApplications.provenAt),
      ),
    )
    .where(and(eq(permitIsolations.permitId, permitId), isNull(isolationApplications.id)))
    .orderBy(asc(sql`lower(${isolationPoints.tag})`));
  return rows.map((r) => r.tag);
}

/** Refuses the start (409 ISOLATIONS_NOT_IN_PLACE, field `isolations`, `details.tags`) while any is not ready. */
export async function checkIsolationsInPlace(db: TDb, permitId: string): Promise<void> {
  const tags = await isolationsNotReady(db, permitId);
  if (tags.length === 0) return;
  throw new AppError(
    "ISOLATIONS_NOT_IN_PLACE",
    `Each isolation must be applied and proven before the work starts: ${tags.join(", ")}.`,
    { isolations: V.isolationsNotInPlace },
    { details: { tags: tags.join(", ") } },
  );
}
