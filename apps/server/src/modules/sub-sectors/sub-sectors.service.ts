import type { TSubSector, ZSubSectorInputSchema, ZSubSectorUpdateSchema } from "@openpermit/shared";
import { and, eq, ilike, isNull } from "drizzle-orm";
import type { z } from "zod";
import { organisationScope, readScope, requireEditor } from "../../access/organisation";
import { visibleSectors, visibleSubSector, visibleSubSectors } from "../../access/sectors";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { sectors, subSectors } from "../../db/schema";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { listSubSectors as listRows, type TSubSectorRow } from "./sub-sectors.repository";

function toSubSector({ subSector, sectorName }: TSubSectorRow): TSubSector {
  return {
    id: subSector.id,
    name: subSector.name,
    sectorId: subSector.sectorId,
    sectorName,
    x: subSector.x,
    y: subSector.y,
    createdAt: subSector.createdAt.toISOString(),
  };
}

export async function listSubSectors(
  ctx: TContext,
  caller: TCaller,
  query: {
    sectorId?: string | undefined;
    divisionId?: string | undefined;
    q?: string | undefined;
    enterpriseId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const where = and(
    visibleSubSectors(ctx.db, scope),
    query.sectorId ? eq(subSectors.sectorId, query.sectorId) : undefined,
    query.divisionId ? eq(sectors.divisionId, query.divisionId) : undefined,
    query.q ? ilike(subSectors.name, containing(query.q)) : undefined,
  )!;
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toSubSector), query, total);
}

export async function getSubSector(ctx: TContext, caller: TCaller, id: string): Promise<TSubSector> {
  return toSubSector(await visibleSubSector(ctx, await organisationScope(ctx, caller), id));
}

export async function createSubSector(
  ctx: TContext,
  caller: TCaller,
  input: z.infer<typeof ZSubSectorInputSchema>,
): Promise<TSubSector> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  const id = await inTransaction(ctx.pool, async (tx) => {
    // The sector must be one the caller edits; the share lock keeps it from being deleted meanwhile.
    const [sector] = await tx
      .select({ id: sectors.id })
      .from(sectors)
      .where(and(visibleSectors(tx, scope), eq(sectors.id, input.sectorId)))
      .for("share");
    if (!sector) throw notFound("sector");
    const [created] = await tx.insert(subSectors).values(input).returning({ id: subSectors.id });
    return created!.id;
  });
  return toSubSector(await visibleSubSector(ctx, scope, id));
}

export async function updateSubSector(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: z.infer<typeof ZSubSectorUpdateSchema>,
): Promise<TSubSector> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  await visibleSubSector(ctx, scope, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const updated = await ctx.db
    .update(subSectors)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(subSectors.id, id), isNull(subSectors.deletedAt)))
    .returning({ id: subSectors.id });
  if (updated.length === 0) throw notFound("sub-sector");
  return toSubSector(await visibleSubSector(ctx, scope, id));
}

export async function deleteSubSector(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  await visibleSubSector(ctx, scope, id);
  const now = new Date();
  const deleted = await ctx.db
    .update(subSectors)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(subSectors.id, id), isNull(subSectors.deletedAt)))
    .returning({ id: subSectors.id });
  if (deleted.length === 0) throw notFound("sub-sector");
  ctx.log.info({ event: "sub-sector-deleted", id, by: scope.userId }, "sub-sector deleted");
}
