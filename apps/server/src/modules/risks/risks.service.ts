import type { TRisk, TRiskInput } from "@openpermit/shared";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import { enterpriseRisks, visibleRisk } from "../../access/configuration";
import { readScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { riskAssignmentRisks, risks } from "../../db/schema";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { checkMinLevel } from "../risk-matrix/min-level";
import { listRisks as listRows, type TRiskRow } from "./risks.repository";

function toRisk(risk: TRiskRow): TRisk {
  return {
    id: risk.id,
    name: risk.name,
    description: risk.description,
    category: risk.category,
    critical: risk.critical,
    minLevelId: risk.minLevelId,
    createdAt: risk.createdAt.toISOString(),
  };
}

export async function listRisks(
  ctx: TContext,
  caller: TCaller,
  query: {
    q?: string | undefined;
    critical?: "true" | "false" | undefined;
    enterpriseId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const filters: (SQL | undefined)[] = [enterpriseRisks(scope.enterpriseId)];
  if (query.critical) filters.push(eq(risks.critical, query.critical === "true"));
  if (query.q) filters.push(or(ilike(risks.name, containing(query.q)), ilike(risks.category, containing(query.q))));
  const { rows, total } = await listRows(ctx.db, and(...filters)!, query);
  return pageOf(rows.map(toRisk), query, total);
}

export async function getRisk(
  ctx: TContext,
  caller: TCaller,
  id: string,
  enterpriseId?: string | undefined,
): Promise<TRisk> {
  const scope = await readScope(ctx, caller, enterpriseId);
  return toRisk(await visibleRisk(ctx, scope.enterpriseId, id));
}

export async function createRisk(ctx: TContext, caller: TCaller, input: TRiskInput): Promise<TRisk> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await checkMinLevel(ctx.db, scope.enterpriseId, input.minLevelId);
  const [created] = await ctx.db
    .insert(risks)
    .values({ ...input, enterpriseId: scope.enterpriseId })
    .returning();
  ctx.log.info({ event: "risk-created", id: created!.id, by: scope.userId }, "risk created");
  return toRisk(created!);
}

export async function updateRisk(ctx: TContext, caller: TCaller, id: string, input: Partial<TRiskInput>) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await checkMinLevel(ctx.db, scope.enterpriseId, input.minLevelId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [updated] = await ctx.db
    .update(risks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(enterpriseRisks(scope.enterpriseId), eq(risks.id, id)))
    .returning();
  if (!updated) throw notFound("risk");
  ctx.log.info({ event: "risk-updated", id, by: scope.userId }, "risk updated");
  return toRisk(updated);
}

/** Soft delete: permits that name the risk keep it; it leaves the risk assignments. */
export async function deleteRisk(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await inTransaction(ctx.pool, async (tx) => {
    const deleted = await tx
      .update(risks)
      .set({ deletedAt: new Date() })
      .where(and(enterpriseRisks(scope.enterpriseId), eq(risks.id, id)))
      .returning({ id: risks.id });
    if (deleted.length === 0) throw notFound("risk");
    await tx.delete(riskAssignmentRisks).where(eq(riskAssignmentRisks.riskId, id));
  });
  ctx.log.info({ event: "risk-deleted", id, by: scope.userId }, "risk deleted");
}
