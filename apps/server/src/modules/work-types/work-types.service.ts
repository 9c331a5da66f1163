import type { TProcedureFile, TWorkType, TWorkTypeInput, TWorkTypeKind } from "@openpermit/shared";
import { and, eq, ilike, type SQL } from "drizzle-orm";
import { enterpriseWorkTypes, visibleWorkType } from "../../access/configuration";
import { readScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { riskAssignments, workTypes } from "../../db/schema";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { filesOfOwners, type TProcedureFileOwnerKind } from "../procedure-files/procedure-files.service";
import { notApplicableWrite, positionsOutside } from "./checklist-not-applicable";
import { listWorkTypes as listRows, type TWorkTypeRow } from "./work-types.repository";

function toWorkType(row: TWorkTypeRow, files: TProcedureFile[]): TWorkType {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    procedure: row.procedure,
    checklist: row.checklist,
    checklistMayBeNotApplicable: row.checklistMayBeNotApplicable,
    maxValidityHours: row.maxValidityHours,
    gasTestRequired: row.gasTestRequired,
    gasRetestMinutes: row.gasRetestMinutes,
    files,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withFiles(ctx: TContext, rows: TWorkTypeRow[]) {
  const files = await filesOfOwners(
    ctx,
    WORK_TYPE_FILES,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toWorkType(row, files.get(row.id) ?? []));
}

/** Work types as owners of procedure files (/api/work-types/:id/files…). */
export const WORK_TYPE_FILES: TProcedureFileOwnerKind = {
  column: "workTypeId",
  base: (id) => `/api/work-types/${id}`,
  assertVisible: visibleWorkType,
  enterpriseOf: async (ctx, id) =>
    (await ctx.db.select({ enterpriseId: workTypes.enterpriseId }).from(workTypes).where(eq(workTypes.id, id)))[0]
      ?.enterpriseId ?? null,
};

export async function listWorkTypes(
  ctx: TContext,
  caller: TCaller,
  query: {
    kind?: TWorkTypeKind | undefined;
    q?: string | undefined;
    enterpriseId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const filters: (SQL | undefined)[] = [enterpriseWorkTypes(scope.enterpriseId)];
  if (query.kind) filters.push(eq(workTypes.kind, query.kind));
  if (query.q) filters.push(ilike(workTypes.name, containing(query.q)));
  const { rows, total } = await listRows(ctx.db, and(...filters)!, query);
  return pageOf(await withFiles(ctx, rows), query, total);
}

export async function getWorkType(
  ctx: TContext,
  caller: TCaller,
  id: string,
  enterpriseId?: string | undefined,
): Promise<TWorkType> {
  const scope = await readScope(ctx, caller, enterpriseId);
  const [workType] = await withFiles(ctx, [await visibleWorkType(ctx, scope.enterpriseId, id)]);
  return workType!;
}

export async function createWorkType(ctx: TContext, caller: TCaller, input: TWorkTypeInput): Promise<TWorkType> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  notApplicableWrite(input, workTypes.checklist);
  const [created] = await ctx.db
    .insert(workTypes)
    .values({ ...input, enterpriseId: scope.enterpriseId })
    .returning();
  ctx.log.info({ event: "work-type-created", id: created!.id, by: scope.userId }, "work type created");
  return toWorkType(created!, []);
}

export async function updateWorkType(ctx: TContext, caller: TCaller, id: string, input: Partial<TWorkTypeInput>) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const { positions, guard } = notApplicableWrite(input, workTypes.checklist);
  const visible = and(enterpriseWorkTypes(scope.enterpriseId), eq(workTypes.id, id));
  const [updated] = await ctx.db
    .update(workTypes)
    .set({ ...changes, checklistMayBeNotApplicable: positions, updatedAt: new Date() })
    .where(and(visible, guard))
    .returning();
  if (!updated) {
    if (guard && (await ctx.db.$count(workTypes, visible)) > 0) throw positionsOutside();
    throw notFound("work type");
  }
  ctx.log.info({ event: "work-type-updated", id, by: scope.userId }, "work type updated");
  const [workType] = await withFiles(ctx, [updated]);
  return workType!;
}

/**
 * Soft delete: permits that name the work type keep it (and its files). Its risk assignments go: nothing
 * can be requested for it any more.
 */
export async function deleteWorkType(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await inTransaction(ctx.pool, async (tx) => {
    const deleted = await tx
      .update(workTypes)
      .set({ deletedAt: new Date() })
      .where(and(enterpriseWorkTypes(scope.enterpriseId), eq(workTypes.id, id)))
      .returning({ id: workTypes.id });
    if (deleted.length === 0) throw notFound("work type");
    await tx.delete(riskAssignments).where(eq(riskAssignments.workTypeId, id));
  });
  ctx.log.info({ event: "work-type-deleted", id, by: scope.userId }, "work type deleted");
}
