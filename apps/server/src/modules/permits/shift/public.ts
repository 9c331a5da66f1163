import type { TPermitCheck } from "@openpermit/shared";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../../db/client";
import { permitExtensions, permitHandovers, permits, users } from "../../../db/schema";

/**
 * What the public check page shows of a permit's holder, extensions and handovers: names and times only (the
 * reasons and notes are not public): the holder now, each signed extension (old end → new end), each accepted
 * handover (from → to).
 */
export async function publicShift(
  db: TDb,
  permitId: string,
): Promise<Pick<TPermitCheck, "holder" | "extensions" | "handovers">> {
  const [holder] = await db
    .select({ name: users.name })
    .from(permits)
    .innerJoin(users, eq(users.id, sql`coalesce(${permits.holderId}, ${permits.createdBy})`))
    .where(eq(permits.id, permitId));
  const extensions = await db
    .select({
      oldEndAt: permitExtensions.oldEndAt,
      newEndAt: permitExtensions.newEndAt,
      at: permitExtensions.decidedAt,
    })
    .from(permitExtensions)
    .where(and(eq(permitExtensions.permitId, permitId), eq(permitExtensions.decision, "signed")))
    .orderBy(asc(permitExtensions.decidedAt));
  const from = alias(users, "from_user");
  const to = alias(users, "to_user");
  const handovers = await db
    .select({ from: from.name, to: to.name, at: permitHandovers.acceptedAt })
    .from(permitHandovers)
    .leftJoin(from, eq(from.id, permitHandovers.fromId))
    .leftJoin(to, eq(to.id, permitHandovers.toId))
    .where(and(eq(permitHandovers.permitId, permitId), isNotNull(permitHandovers.acceptedAt)))
    .orderBy(asc(permitHandovers.acceptedAt));
  return {
    holder: holder?.name ?? null,
    extensions: extensions.map((x) => ({
      oldEndAt: x.oldEndAt.toISOString(),
      newEndAt: x.newEndAt.toISOString(),
      signedAt: x.at!.toISOString(),
    })),
    handovers: handovers.map((h) => ({ from: h.from, to: h.to, at: h.at!.toISOString() })),
  };
}
