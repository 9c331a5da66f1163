import { and, eq, inArray, isNull } from "drizzle-orm";
import type { TContext } from "../context";
import { incompatibleWorkTypes, workTypes } from "../db/schema";

/**
 * The demo's incompatible work types (docs/safety.md, clashes): hot work must not run in a sector where someone is
 * inside a confined space or an excavation. With them, the tank farm's hot work and its confined-space entry
 * clash (permits.ts).
 */
export const DEMO_INCOMPATIBLE_PAIRS: [string, string][] = [
  ["Hot work", "Confined space entry"],
  ["Hot work", "Excavation"],
];

/** Adds the pairs that are missing (a second run changes nothing). */
export async function seedIncompatiblePairs(ctx: TContext, enterpriseId: string): Promise<void> {
  const names = [...new Set(DEMO_INCOMPATIBLE_PAIRS.flat())];
  const rows = await ctx.db
    .select({ id: workTypes.id, name: workTypes.name })
    .from(workTypes)
    .where(and(eq(workTypes.enterpriseId, enterpriseId), inArray(workTypes.name, names), isNull(workTypes.deletedAt)));
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const values = DEMO_INCOMPATIBLE_PAIRS.flatMap(([a, b]) => {
    const ids = [idOf.get(a), idOf.get(b)];
    if (!ids[0] || !ids[1]) return [];
    const [low, high] = (ids as string[]).sort() as [string, string];
    return [{ enterpriseId, lowWorkTypeId: low, highWorkTypeId: high }];
  });
  if (values.length > 0) await ctx.db.insert(incompatibleWorkTypes).values(values).onConflictDoNothing();
}
