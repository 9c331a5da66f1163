import { type TPermitIsolations, V } from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { requireLiveContractor } from "../../access/live-contractor";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { isolationPoints, permitIsolations } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { editablePermit } from "../permits/drafts.service";
import { findVisiblePermit } from "../permits/permit-read";
import { allPoints, toPoint } from "./points.repository";
import { isolationsNotReady } from "./start-check";

/** The points a permit needs (a point removed from the register since stays on it), with what is in place. */
export async function isolationsOfPermit(db: TDb, permitId: string): Promise<TPermitIsolations> {
  const needed = db
    .select({ id: permitIsolations.pointId })
    .from(permitIsolations)
    .where(eq(permitIsolations.permitId, permitId));
  const rows = await allPoints(db, inArray(isolationPoints.id, needed));
  return { points: rows.map(toPoint), notReady: await isolationsNotReady(db, permitId) };
}

/** GET /api/permits/:id/isolations: anyone who sees the permit (404 else). */
export async function getPermitIsolations(ctx: TContext, caller: TCaller, id: string): Promise<TPermitIsolations> {
  const party = await permitPartyOf(ctx, caller);
  await findVisiblePermit(ctx.db, party, id);
  return isolationsOfPermit(ctx.db, id);
}

/**
 * PUT /api/permits/:id/isolations: the draft's editor (403 for others who see it; 409 once sent) names the points
 * the work needs — live points of the permit's sector (400 `pointIds` otherwise).
 */
export async function setPermitIsolations(
  ctx: TContext,
  caller: TCaller,
  id: string,
  pointIds: string[],
): Promise<TPermitIsolations> {
  const party = await permitPartyOf(ctx, caller);
  const row = await editablePermit(ctx, party, id);
  const wanted = [...new Set(pointIds)];
  await inTransaction(ctx.pool, async (tx) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const known =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: isolationPoints.id })
            .from(isolationPoints)
            .where(
              and(
                inArray(isolationPoints.id, wanted),
                eq(isolationPoints.enterpriseId, row.permit.enterpriseId),
                row.permit.sectorId ? eq(isolationPoints.sectorId, row.permit.sectorId) : undefined,
                isNull(isolationPoints.deletedAt),
              ),
            );
    if (known.length !== wanted.length) {
      throw new AppError("VALIDATION_FAILED", "Name isolation points of the permit's sector.", {
        pointIds: V.invalidValue,
      });
    }
    await tx.delete(permitIsolations).where(eq(permitIsolations.permitId, id));
    if (wanted.length > 0)
      await tx.insert(permitIsolations).values(wanted.map((pointId) => ({ permitId: id, pointId })));
  });
  return isolationsOfPermit(ctx.db, id);
}
