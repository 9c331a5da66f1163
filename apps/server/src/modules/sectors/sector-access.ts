import { and, eq, exists, isNull, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { sectorPermissions, sectors } from "../../db/schema";
import type { TOrgScope } from "../organisation/scope";

/**
 * The live sectors a scope sees: the enterprise all of its own, a super-responsible those of its
 * division, a permit manager those the permissions matrix gives it any role in. Sub-sectors and maps are
 * seen through their sector. Permits (later) widen this for contractors.
 */
export function visibleSectors(db: TDb, scope: TOrgScope): SQL {
  const live = and(eq(sectors.enterpriseId, scope.enterpriseId), isNull(sectors.deletedAt))!;
  if (scope.role === "Enterprise") return live;
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
