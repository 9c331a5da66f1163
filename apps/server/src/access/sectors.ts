import { and, eq, exists, isNull, type SQL } from "drizzle-orm";
import type { TDb } from "../db/client";
import { sectorPermissions, sectors, subSectors } from "../db/schema";
import type { TReadScope } from "./organisation";

/**
 * The live sectors a scope sees: the enterprise all of its own, a super-responsible those of its
 * division, a permit manager those the permissions matrix gives it any role in, an affiliated contractor all
 * of the enterprise's (it may ask for work anywhere). Sub-sectors and maps are seen through their sector.
 */
export function visibleSectors(db: TDb, scope: TReadScope): SQL {
  const live = and(eq(sectors.enterpriseId, scope.enterpriseId), isNull(sectors.deletedAt))!;
  if (scope.role !== "SuperResponsible" && scope.role !== "Responsible") return live;
  const inDivision = and(live, eq(sectors.divisionId, scope.divisionId))!;
  if (scope.role === "SuperResponsible") return inDivision;
  return and(
    inDivision,
    exists(
      db
        .select({ one: sectorPermissions.sectorId })
        .from(sectorPermissions)
        .where(and(eq(sectorPermissions.sectorId, sectors.id), eq(sectorPermissions.managerId, scope.userId))),
    ),
  )!;
}

/** Live sub-sectors of the sectors a scope sees (the join to `sectors` is the repository's). */
export const visibleSubSectors = (db: TDb, scope: TReadScope): SQL =>
  and(visibleSectors(db, scope), isNull(subSectors.deletedAt))!;
