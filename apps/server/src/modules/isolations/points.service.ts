import {
  ISOLATION_LIVE_STATUSES,
  type TIsolationPoint,
  type TIsolationPointInput,
  V,
  type ZIsolationPointListQuerySchema,
  type ZIsolationPointUpdateSchema,
} from "@openpermit/shared";
import { and, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import { visibleIsolationPoints } from "../../access/isolations";
import { editorScope, organisationScope, readScope, type TOrgScope } from "../../access/organisation";
import { visibleSectors } from "../../access/sectors";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import {
  isolationApplications,
  isolationPoints,
  permitIsolations,
  permits,
  sectors,
  subSectors,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { found, notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { findPoint, listPoints as listRows, toPoint } from "./points.repository";

const tagTaken = () => new AppError("VALIDATION_FAILED", "This tag is already used.", { tag: V.duplicateValue });

export async function listPoints(
  ctx: TContext,
  caller: TCaller,
  query: z.infer<typeof ZIsolationPointListQuerySchema>,
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const where = and(
    visibleIsolationPoints(ctx.db, scope),
    query.sectorId ? eq(isolationPoints.sectorId, query.sectorId) : undefined,
    query.subSectorId ? eq(isolationPoints.subSectorId, query.subSectorId) : undefined,
    query.divisionId ? eq(sectors.divisionId, query.divisionId) : undefined,
    query.q
      ? or(ilike(isolationPoints.tag, containing(query.q)), ilike(isolationPoints.equipment, containing(query.q)))
      : undefined,
  )!;
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toPoint), query, total);
}

/** A live point the scope sees, or 404 (existence itself is private). */
export async function visiblePoint(db: TDb, scope: TOrgScope, id: string) {
  return found(
    await findPoint(db, and(visibleIsolationPoints(db, scope), eq(isolationPoints.id, id))!),
    "isolation point",
  );
}

export async function getPoint(ctx: TContext, caller: TCaller, id: string): Promise<TIsolationPoint> {
  return toPoint(await visiblePoint(ctx.db, await organisationScope(ctx, caller), id));
}

/** 400 `subSectorId` unless the sub-sector is a live one of the sector. */
async function checkSubSector(tx: TDb, sectorId: string, subSectorId: string | null | undefined) {
  if (!subSectorId) return;
  const [row] = await tx
    .select({ id: subSectors.id })
    .from(subSectors)
    .where(and(eq(subSectors.id, subSectorId), eq(subSectors.sectorId, sectorId), isNull(subSectors.deletedAt)));
  if (!row)
    throw new AppError("VALIDATION_FAILED", "Not a sub-sector of this sector.", { subSectorId: V.invalidValue });
}

const withoutUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function createPoint(
  ctx: TContext,
  caller: TCaller,
  input: TIsolationPointInput,
): Promise<TIsolationPoint> {
  const scope = await editorScope(ctx, caller);
  try {
    const id = await inTransaction(ctx.pool, async (tx) => {
      // A sector the caller edits; the share lock keeps it from being deleted meanwhile.
      const [sector] = await tx
        .select({ id: sectors.id })
        .from(sectors)
        .where(and(visibleSectors(tx, scope), eq(sectors.id, input.sectorId)))
        .for("share");
      if (!sector) throw notFound("sector");
      await checkSubSector(tx, input.sectorId, input.subSectorId);
      const [created] = await tx
        .insert(isolationPoints)
        .values({ ...input, subSectorId: input.subSectorId ?? null, enterpriseId: scope.enterpriseId })
        .returning({ id: isolationPoints.id });
      return created!.id;
    });
    return toPoint(await visiblePoint(ctx.db, scope, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw tagTaken();
    throw error;
  }
}

export async function updatePoint(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: z.infer<typeof ZIsolationPointUpdateSchema>,
): Promise<TIsolationPoint> {
  const scope = await editorScope(ctx, caller);
  const current = await visiblePoint(ctx.db, scope, id);
  await checkSubSector(ctx.db, current.point.sectorId, input.subSectorId);
  try {
    const updated = await ctx.db
      .update(isolationPoints)
      .set({ ...withoutUndefined(input), updatedAt: new Date() })
      .where(and(eq(isolationPoints.id, id), isNull(isolationPoints.deletedAt)))
      .returning({ id: isolationPoints.id });
    if (updated.length === 0) throw notFound("isolation point");
  } catch (error) {
    if (isUniqueViolation(error)) throw tagTaken();
    throw error;
  }
  return toPoint(await visiblePoint(ctx.db, scope, id));
}

/**
 * Removes a point from the register (soft: permits that named it keep it). Refused (409 ISOLATION_IN_USE) while it
 * is isolated, or while a permit not yet finished (sent, under review, approved, in progress) names it.
 */
export async function deletePoint(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await editorScope(ctx, caller);
  await visiblePoint(ctx.db, scope, id);
  await inTransaction(ctx.pool, async (tx) => {
    const [locked] = await tx
      .select({ id: isolationPoints.id })
      .from(isolationPoints)
      .where(and(eq(isolationPoints.id, id), isNull(isolationPoints.deletedAt)))
      .for("update");
    if (!locked) throw notFound("isolation point");
    const [inPlace] = await tx
      .select({ id: isolationApplications.id })
      .from(isolationApplications)
      .where(and(eq(isolationApplications.pointId, id), isNull(isolationApplications.releasedAt)));
    const needing = await tx
      .select({ number: permits.documentNumber })
      .from(permitIsolations)
      .innerJoin(permits, eq(permits.id, permitIsolations.permitId))
      .where(
        and(
          eq(permitIsolations.pointId, id),
          inArray(permits.status, ["pending", "sended", "Recheck", "Confirmed", ...ISOLATION_LIVE_STATUSES]),
        ),
      );
    if (inPlace || needing.length > 0) {
      throw new AppError(
        "ISOLATION_IN_USE",
        "This point is isolated or named by a permit not yet finished.",
        undefined,
        {
          details: { permits: needing.map((p) => p.number ?? "—").join(", ") || "—" },
        },
      );
    }
    const now = new Date();
    await tx.update(isolationPoints).set({ deletedAt: now, updatedAt: now }).where(eq(isolationPoints.id, id));
  });
  ctx.log.info({ event: "isolation-point-deleted", id, by: scope.userId }, "isolation point deleted");
}
