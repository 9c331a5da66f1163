import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { TContext } from "../context";
import { emergencies, sectors } from "../db/schema";
import { notFound } from "../lib/not-found";
import type { TCaller } from "../plugins/auth";
import {
  assertDivisionVisible,
  editorScope,
  organisationScope,
  type TEditorScope,
  type TOrgScope,
} from "./organisation";

/**
 * Emergency stops (docs/safety.md, "Suspension and emergency stop"): the Enterprise declares and lifts them for
 * any division of its own, a SuperResponsible for its own division (the route's policy keeps out everyone else;
 * a Responsible is 403 here); the principal's staff read those of their scope. Another tenant's or division's
 * division, sector or emergency answers 404.
 */
export const emergencyDeclarerScope = (ctx: TContext, caller: TCaller): Promise<TEditorScope> =>
  editorScope(ctx, caller);
export const emergencyReaderScope = (ctx: TContext, caller: TCaller): Promise<TOrgScope> =>
  organisationScope(ctx, caller);

/** The emergencies a scope sees: its enterprise's; a division's people those of their division. */
export function visibleEmergencies(scope: TOrgScope): SQL {
  const ofEnterprise = eq(emergencies.enterpriseId, scope.enterpriseId);
  return scope.role === "Enterprise" ? ofEnterprise : and(ofEnterprise, eq(emergencies.divisionId, scope.divisionId))!;
}

/** Whether the scope may lift an emergency it sees (the Enterprise, a SuperResponsible of its division). */
export const mayLiftEmergencies = (scope: TOrgScope): boolean => scope.role !== "Responsible";

/**
 * The place an emergency is declared for, if the declarer sees it: the division (404 otherwise) and, when named,
 * one of its live sectors (404 otherwise: a sector of another division is not "in" this one).
 */
export async function emergencyPlace(
  ctx: TContext,
  scope: TEditorScope,
  place: { divisionId: string; sectorId?: string | null | undefined },
): Promise<{ divisionId: string; sectorId: string | null }> {
  await assertDivisionVisible(ctx, scope, place.divisionId);
  if (!place.sectorId) return { divisionId: place.divisionId, sectorId: null };
  const [row] = await ctx.db
    .select({ id: sectors.id })
    .from(sectors)
    .where(
      and(
        eq(sectors.id, place.sectorId),
        eq(sectors.divisionId, place.divisionId),
        eq(sectors.enterpriseId, scope.enterpriseId),
        isNull(sectors.deletedAt),
      ),
    );
  if (!row) throw notFound("sector");
  return { divisionId: place.divisionId, sectorId: row.id };
}
