import {
  ISOLATION_LIVE_STATUSES,
  ISOLATION_PROOF_DECLARATION,
  type TIsolationPoint,
  type ZIsolationProveInputSchema,
} from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type pg from "pg";
import type { z } from "zod";
import { requireSecondPerson } from "../../access/isolations";
import { organisationScope, type TOrgScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { isolationApplications, isolationPoints, permitIsolations, permits } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { markNoticesDone } from "../notifications/done";
import { notifyIsolation } from "../notifications/notify.service";
import { authenticateSigner } from "../permits/signatures/signer";
import { toPoint } from "./points.repository";
import { visiblePoint } from "./points.service";

/**
 * The permits told of an isolation's apply and proof: sent and not closed (the isolation is part of their way to the
 * start, or of the work going on). A draft is its author's alone; an ended or cancelled permit needs nothing.
 */
const TOLD_STATUSES = ["sended", "Recheck", "Confirmed", "Approved", "accepted", "In_progress"] as const;

const notIsolated = () => new AppError("CONFLICT", "This point is not isolated now: reload it.");

/** The isolation in place on the point, locked for this transaction; 409 when there is none. */
async function lockedInPlace(tx: TDb, pointId: string) {
  const [row] = await tx
    .select()
    .from(isolationApplications)
    .where(and(eq(isolationApplications.pointId, pointId), isNull(isolationApplications.releasedAt)))
    .for("update");
  if (!row) throw notIsolated();
  return row;
}

/**
 * Runs `write` on a point the caller's scope sees (404 else), then answers the point as it is now. `write` answers
 * whom it told (notifications are delivered at commit: the job queue is woken after it).
 */
async function onPoint(
  ctx: TContext,
  caller: TCaller,
  id: string,
  write: (tx: TDb, scope: TOrgScope, enterpriseId: string, client: pg.PoolClient) => Promise<number>,
): Promise<TIsolationPoint> {
  const scope = await organisationScope(ctx, caller);
  const { point } = await visiblePoint(ctx.db, scope, id);
  const told = await inTransaction(ctx.pool, (tx, client) => write(tx, scope, point.enterpriseId, client));
  if (told > 0) ctx.jobs.wake();
  return toPoint(await visiblePoint(ctx.db, scope, id));
}

/** Tells the people of the permits needing the point that it was applied or proven (notifyIsolation). */
async function tellPermitsOf(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  step: { kind: "permit.isolationApplied" | "permit.isolationProven"; pointId: string; caller: TCaller },
): Promise<number> {
  const needing = await tx
    .select({ id: permits.id })
    .from(permitIsolations)
    .innerJoin(permits, eq(permits.id, permitIsolations.permitId))
    .where(and(eq(permitIsolations.pointId, step.pointId), inArray(permits.status, [...TOLD_STATUSES])));
  const [point] = await tx
    .select({ tag: isolationPoints.tag })
    .from(isolationPoints)
    .where(eq(isolationPoints.id, step.pointId));
  const permitIds = needing.map((p) => p.id);
  // Proven: the call to prove it, sent when it was applied, is done (for every manager it went to).
  if (step.kind === "permit.isolationProven") {
    await markNoticesDone(tx, client, permitIds, ["permit.isolationApplied"], point!.tag);
  }
  return notifyIsolation(ctx, tx, client, {
    kind: step.kind,
    permitIds,
    tag: point!.tag,
    actor: { id: step.caller.id, name: step.caller.name },
  });
}

/** Applies the isolation (the lock put on the point): once at a time per point (409 while one is in place). */
export function applyIsolation(ctx: TContext, caller: TCaller, id: string, lockNumber: string) {
  return onPoint(ctx, caller, id, async (tx, scope, enterpriseId, client) => {
    try {
      await tx
        .insert(isolationApplications)
        .values({ pointId: id, lockNumber, appliedBy: scope.userId, appliedAt: new Date() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", "This point is already isolated.");
      throw error;
    }
    await appendAudit(tx, {
      by: caller,
      action: "isolation.applied",
      object: ["isolationPoint", id],
      enterpriseId,
      details: { lockNumber },
    });
    return tellPermitsOf(ctx, tx, client, { kind: "permit.isolationApplied", pointId: id, caller });
  });
}

/**
 * Proves the isolation in place (the zero-energy test): a second person — not the one who applied it (403) —
 * signs with their current password (401 / 429 as a permit's signature) and the declaration, stored in the
 * language they read it in. Once (409 when already proven or not isolated).
 */
export async function proveIsolation(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: z.infer<typeof ZIsolationProveInputSchema>,
) {
  const scope = await organisationScope(ctx, caller);
  const { application } = await visiblePoint(ctx.db, scope, id);
  if (!application) throw notIsolated();
  requireSecondPerson(application.appliedBy, scope.userId);
  const language = await authenticateSigner(ctx, caller, id, input, "isolationPoint");
  return onPoint(ctx, caller, id, async (tx, _scope, enterpriseId, client) => {
    const current = await lockedInPlace(tx, id);
    if (current.id !== application.id || current.provenAt) {
      throw new AppError("CONFLICT", "This isolation changed meanwhile: reload it.");
    }
    await tx
      .update(isolationApplications)
      .set({
        provenBy: scope.userId,
        provenAt: new Date(),
        proofLanguage: language,
        proofDeclaration: ISOLATION_PROOF_DECLARATION[language],
      })
      .where(eq(isolationApplications.id, current.id));
    await appendAudit(tx, { by: caller, action: "isolation.proven", object: ["isolationPoint", id], enterpriseId });
    return tellPermitsOf(ctx, tx, client, { kind: "permit.isolationProven", pointId: id, caller });
  });
}

/**
 * Releases (removes) the isolation in place: refused (409 ISOLATION_IN_USE, naming the permits) while any live
 * permit (approved, accepted, in progress) needs the point; recorded with who, when and the remark.
 */
export function releaseIsolation(ctx: TContext, caller: TCaller, id: string, remark: string | undefined) {
  return onPoint(ctx, caller, id, async (tx, scope, enterpriseId) => {
    const current = await lockedInPlace(tx, id);
    const live = await tx
      .select({ number: permits.documentNumber })
      .from(permitIsolations)
      .innerJoin(permits, eq(permits.id, permitIsolations.permitId))
      .where(and(eq(permitIsolations.pointId, id), inArray(permits.status, [...ISOLATION_LIVE_STATUSES])));
    if (live.length > 0) {
      throw new AppError("ISOLATION_IN_USE", "A live permit still needs this isolation.", undefined, {
        details: { permits: live.map((p) => p.number ?? "—").join(", ") },
      });
    }
    await tx
      .update(isolationApplications)
      .set({ releasedBy: scope.userId, releasedAt: new Date(), releaseRemark: remark || null })
      .where(eq(isolationApplications.id, current.id));
    await appendAudit(tx, { by: caller, action: "isolation.released", object: ["isolationPoint", id], enterpriseId });
    // No permit needing it is live any more (above): nobody to tell.
    return 0;
  });
}
