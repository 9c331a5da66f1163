import { and, eq, exists, isNull, type SQL } from "drizzle-orm";
import type { TContext } from "../context";
import type { TDb } from "../db/client";
import { sectorPermissions, sectors, subSectors } from "../db/schema";
import { found, notFound } from "../lib/not-found";
import { findSector } from "../modules/sectors/sectors.repository";
import { findSubSector } from "../modules/sub-sectors/sub-sectors.repository";
import type { TOrgScope, TReadScope } from "./organisation";

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

/** A sector the scope sees, or 404 (existence itself is private). */
export async function visibleSector(ctx: TContext, scope: TReadScope, id: string) {
  return found(await findSector(ctx.db, and(visibleSectors(ctx.db, scope), eq(sectors.id, id))!), "sector");
}

/** A sub-sector the scope sees, or 404. */
export async function visibleSubSector(ctx: TContext, scope: TOrgScope, id: string) {
  return found(
    await findSubSector(ctx.db, and(visibleSubSectors(ctx.db, scope), eq(subSectors.id, id))!),
    "sub-sector",
  );
}

/** A place of an enterprise: a sector, or a sub-sector and its sector. */
export type TPlace = { sectorId: string; subSectorId: string | null };

/**
 * The place named (a sector, or a sub-sector and optionally its sector) if the scope sees it, else 404. A
 * sub-sector is seen through its sector.
 */
export async function visiblePlace(
  ctx: TContext,
  scope: TReadScope,
  place: { sectorId?: string | undefined; subSectorId?: string | undefined },
): Promise<TPlace> {
  if (place.subSectorId) {
    const [row] = await ctx.db
      .select({ sectorId: sectors.id })
      .from(subSectors)
      .innerJoin(sectors, eq(sectors.id, subSectors.sectorId))
      .where(
        and(
          visibleSectors(ctx.db, scope),
          eq(subSectors.id, place.subSectorId),
          isNull(subSectors.deletedAt),
          place.sectorId ? eq(sectors.id, place.sectorId) : undefined,
        ),
      );
    if (!row) throw notFound("sub-sector");
    return { sectorId: row.sectorId, subSectorId: place.subSectorId };
  }
  const [row] = await ctx.db
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(visibleSectors(ctx.db, scope), eq(sectors.id, place.sectorId!)));
  if (!row) throw notFound("sector");
  return { sectorId: row.id, subSectorId: null };
}
