import { ISOLATION_LIVE_STATUSES, type TIsolationInPlace } from "@openpermit/shared";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { visibleIsolationPoints } from "../../access/isolations";
import { organisationScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { isolationApplications, permitIsolations, permits } from "../../db/schema";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { listPoints, toPoint } from "./points.repository";

/**
 * GET /api/isolation-points/in-place: every isolation in place now among the points the caller sees — where, since
 * when, by whom, proven or not — with the live permits (approved, accepted, in progress) that need it.
 */
export async function isolationsInPlace(ctx: TContext, caller: TCaller, query: { page: number; pageSize: number }) {
  const scope = await organisationScope(ctx, caller);
  const where = and(visibleIsolationPoints(ctx.db, scope), isNotNull(isolationApplications.id))!;
  const { rows, total } = await listPoints(ctx.db, where, query);
  const pointIds = rows.map((r) => r.point.id);
  const needing =
    pointIds.length === 0
      ? []
      : await ctx.db
          .select({
            pointId: permitIsolations.pointId,
            id: permits.id,
            documentNumber: permits.documentNumber,
            taskTitle: permits.taskTitle,
            status: permits.status,
          })
          .from(permitIsolations)
          .innerJoin(permits, eq(permits.id, permitIsolations.permitId))
          .where(
            and(inArray(permitIsolations.pointId, pointIds), inArray(permits.status, [...ISOLATION_LIVE_STATUSES])),
          )
          .orderBy(asc(permits.startAt));
  const data = rows.map((row): TIsolationInPlace => {
    const point = toPoint(row);
    return {
      ...point,
      application: point.application!,
      permits: needing.filter((p) => p.pointId === row.point.id).map(({ pointId: _, ...permit }) => permit),
    };
  });
  return pageOf(data, query, total);
}
