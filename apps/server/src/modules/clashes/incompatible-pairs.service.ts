import { type TIncompatiblePair, type TIncompatiblePairInput, V } from "@openpermit/shared";
import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { enterpriseWorkTypes } from "../../access/configuration";
import { organisationScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { isUniqueViolation } from "../../db/pg-errors";
import { incompatibleWorkTypes, workTypes } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";

const low = alias(workTypes, "low");
const high = alias(workTypes, "high");

/** The enterprise's incompatible pairs with their work types' names, by the first name then the second. */
async function pairsOf(ctx: TContext, enterpriseId: string, id?: string): Promise<TIncompatiblePair[]> {
  const rows = await ctx.db
    .select({
      id: incompatibleWorkTypes.id,
      createdAt: incompatibleWorkTypes.createdAt,
      low: { id: low.id, name: low.name },
      high: { id: high.id, name: high.name },
    })
    .from(incompatibleWorkTypes)
    .innerJoin(low, eq(low.id, incompatibleWorkTypes.lowWorkTypeId))
    .innerJoin(high, eq(high.id, incompatibleWorkTypes.highWorkTypeId))
    .where(
      and(eq(incompatibleWorkTypes.enterpriseId, enterpriseId), id ? eq(incompatibleWorkTypes.id, id) : undefined),
    );
  return rows
    .map((row) => {
      // Shown in name order, whatever order the ids are stored in.
      const pair = [row.low, row.high].sort((a, b) => a.name.localeCompare(b.name)) as TIncompatiblePair["workTypes"];
      return { id: row.id, workTypes: pair, createdAt: row.createdAt.toISOString() };
    })
    .sort(
      (a, b) =>
        a.workTypes[0].name.localeCompare(b.workTypes[0].name) ||
        a.workTypes[1].name.localeCompare(b.workTypes[1].name),
    );
}

/** GET /api/incompatible-work-types: the principal's staff read their enterprise's pairs. */
export async function listIncompatiblePairs(ctx: TContext, caller: TCaller): Promise<TIncompatiblePair[]> {
  const scope = await organisationScope(ctx, caller);
  return pairsOf(ctx, scope.enterpriseId);
}

/**
 * The Enterprise declares two of its live work types incompatible (unordered: stored lower id first, so the
 * unique index refuses the same pair in either order).
 */
export async function addIncompatiblePair(
  ctx: TContext,
  caller: TCaller,
  input: TIncompatiblePairInput,
): Promise<TIncompatiblePair> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  if (input.workTypeAId === input.workTypeBId) {
    throw new AppError("VALIDATION_FAILED", "A work type cannot clash with itself here.", {
      workTypeBId: V.sameWorkType,
    });
  }
  const [lowId, highId] = [input.workTypeAId, input.workTypeBId].sort() as [string, string];
  const found = await ctx.db.$count(
    workTypes,
    and(enterpriseWorkTypes(scope.enterpriseId), inArray(workTypes.id, [lowId, highId])),
  );
  if (found < 2) throw notFound("work type");
  try {
    const [created] = await ctx.db
      .insert(incompatibleWorkTypes)
      .values({ enterpriseId: scope.enterpriseId, lowWorkTypeId: lowId, highWorkTypeId: highId })
      .returning({ id: incompatibleWorkTypes.id });
    ctx.log.info({ event: "incompatible-pair-added", id: created!.id, by: scope.userId }, "incompatible pair added");
    return (await pairsOf(ctx, scope.enterpriseId, created!.id))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", "These work types are already incompatible.", { workTypeBId: V.pairExists });
    }
    throw error;
  }
}

/** The Enterprise removes one of its pairs (404 for another's). */
export async function removeIncompatiblePair(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const gone = await ctx.db
    .delete(incompatibleWorkTypes)
    .where(and(eq(incompatibleWorkTypes.id, id), eq(incompatibleWorkTypes.enterpriseId, scope.enterpriseId)))
    .returning({ id: incompatibleWorkTypes.id });
  if (gone.length === 0) throw notFound("incompatible pair");
  ctx.log.info({ event: "incompatible-pair-removed", id, by: scope.userId }, "incompatible pair removed");
}
