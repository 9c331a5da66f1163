import {
  LIVE_PERMIT_STATUSES,
  type TEmergency,
  type TEmergencyDeclaration,
  type TEmergencyLift,
} from "@openpermit/shared";
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import {
  emergencyDeclarerScope,
  emergencyPlace,
  emergencyReaderScope,
  mayLiftEmergencies,
  visibleEmergencies,
} from "../../access/emergencies";
import type { TOrgScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { divisions, emergencies, permitEvents, permits, sectors, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { notifyEmergencyLifted, notifyEmergencyStop } from "../notifications";

/** How many lifted emergencies the list shows after those in force. */
const LIFTED_SHOWN = 20;

const actor = (alias: string) =>
  sql<TEmergency["declaredBy"]>`(SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM ${users} u WHERE u.id = ${sql.identifier("emergencies")}.${sql.identifier(alias)})`;

async function selectEmergencies(db: TDb, scope: TOrgScope, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      emergency: emergencies,
      division: { id: divisions.id, name: divisions.name },
      sector: { id: sectors.id, name: sectors.name, number: sectors.number },
      declaredBy: actor("declared_by"),
      liftedBy: actor("lifted_by"),
    })
    .from(emergencies)
    .innerJoin(divisions, eq(divisions.id, emergencies.divisionId))
    .leftJoin(sectors, eq(sectors.id, emergencies.sectorId))
    .where(and(visibleEmergencies(scope), where))
    .orderBy(desc(emergencies.declaredAt))
    .limit(limit);
  return rows.map(
    ({ emergency: e, division, sector, declaredBy, liftedBy }): TEmergency => ({
      id: e.id,
      division,
      sector: sector?.id ? sector : null,
      reason: e.reason,
      declaredBy,
      declaredAt: e.declaredAt.toISOString(),
      suspendedCount: e.suspendedCount,
      liftedBy,
      liftedAt: e.liftedAt?.toISOString() ?? null,
      liftRemark: e.liftRemark,
      canLift: e.liftedAt === null && mayLiftEmergencies(scope),
    }),
  );
}

async function readEmergency(db: TDb, scope: TOrgScope, id: string): Promise<TEmergency> {
  const [emergency] = await selectEmergencies(db, scope, eq(emergencies.id, id), 1);
  if (!emergency) throw notFound("emergency");
  return emergency;
}

/** Those in force (newest first), then the last lifted ones, of the caller's scope. */
export async function listEmergencies(ctx: TContext, caller: TCaller): Promise<TEmergency[]> {
  const scope = await emergencyReaderScope(ctx, caller);
  const inForce = await selectEmergencies(ctx.db, scope, isNull(emergencies.liftedAt), 1000);
  const lifted = await selectEmergencies(ctx.db, scope, sql`${emergencies.liftedAt} IS NOT NULL`, LIFTED_SHOWN);
  return [...inForce, ...lifted];
}

/**
 * Declares an emergency for a sector or a whole division: in ONE transaction, the emergency is recorded and every
 * live permit there (Approved, accepted, In_progress) not already suspended nor closed out is suspended by one
 * UPDATE (its rows locked: a start or resume racing it either committed first, and is suspended here, or finds
 * the emergency in its own guarded UPDATE and fails), each gets its `emergencyStop` history event, everyone on
 * each is told (suspensionAudience) and the audit records it. A permit already suspended keeps its own
 * suspension; the emergency in force holds it too (no start, no resume until lifted).
 */
export async function declareEmergency(
  ctx: TContext,
  caller: TCaller,
  input: TEmergencyDeclaration,
): Promise<TEmergency> {
  const scope = await emergencyDeclarerScope(ctx, caller);
  const place = await emergencyPlace(ctx, scope, input);
  const reason = input.reason.trim();
  const now = new Date();
  const { id, told, suspended } = await inTransaction(ctx.pool, async (tx, client) => {
    const [emergency] = await tx
      .insert(emergencies)
      .values({
        enterpriseId: scope.enterpriseId,
        divisionId: place.divisionId,
        sectorId: place.sectorId,
        reason,
        declaredBy: scope.userId,
        declaredAt: now,
        suspendedCount: 0,
      })
      .returning({ id: emergencies.id });
    const emergencyId = emergency!.id;
    const stopped = await tx
      .update(permits)
      .set({
        suspendedAt: now,
        suspendedBy: scope.userId,
        suspensionReason: reason,
        suspendedByEmergencyId: emergencyId,
        updatedAt: now,
      })
      .where(
        and(
          eq(permits.enterpriseId, scope.enterpriseId),
          eq(permits.divisionId, place.divisionId),
          place.sectorId ? eq(permits.sectorId, place.sectorId) : undefined,
          inArray(permits.status, [...LIVE_PERMIT_STATUSES]),
          isNull(permits.suspendedAt),
          isNull(permits.closedOutAt),
        ),
      )
      .returning({ id: permits.id, status: permits.status });
    if (stopped.length > 0) {
      await tx.insert(permitEvents).values(
        stopped.map((p) => ({
          permitId: p.id,
          action: "emergencyStop" as const,
          fromStatus: p.status,
          toStatus: p.status,
          actorId: scope.userId,
          remark: reason,
          createdAt: now,
        })),
      );
    }
    await tx.update(emergencies).set({ suspendedCount: stopped.length }).where(eq(emergencies.id, emergencyId));
    const notified = await notifyEmergencyStop(ctx, tx, client, {
      permitIds: stopped.map((p) => p.id),
      actor: { id: scope.userId, name: caller.name },
      reason,
    });
    await appendAudit(tx, {
      by: caller,
      action: "emergency.declared",
      object: ["emergency", emergencyId],
      enterpriseId: scope.enterpriseId,
      details: { ...place, reason, suspended: stopped.map((p) => p.id) },
    });
    return { id: emergencyId, told: notified, suspended: stopped.length };
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.warn({ event: "emergency", id, ...place, suspended, by: scope.userId }, "emergency stop declared");
  return readEmergency(ctx.db, scope, id);
}

/**
 * Lifts an emergency in force (409 when already lifted). Nothing resumes by itself: each suspended permit needs a
 * manager's resume signature (docs/decisions.md, "Lifting an emergency resumes nothing").
 */
export async function liftEmergency(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TEmergencyLift,
): Promise<TEmergency> {
  const scope = await emergencyDeclarerScope(ctx, caller);
  await readEmergency(ctx.db, scope, id);
  const now = new Date();
  const remark = input.remark?.trim() || null;
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    const [lifted] = await tx
      .update(emergencies)
      .set({ liftedAt: now, liftedBy: scope.userId, liftRemark: remark })
      .where(and(eq(emergencies.id, id), isNull(emergencies.liftedAt)))
      .returning({ id: emergencies.id });
    if (!lifted) throw new AppError("CONFLICT", "This emergency was already lifted.");
    // The people of the permits it still holds learn it is over, and that each stays stopped until resumed.
    const held = await tx
      .select({ id: permits.id })
      .from(permits)
      .where(and(eq(permits.suspendedByEmergencyId, id), isNotNull(permits.suspendedAt)));
    const notified = await notifyEmergencyLifted(ctx, tx, client, {
      permitIds: held.map((p) => p.id),
      actor: { id: scope.userId, name: caller.name },
      remark,
    });
    await appendAudit(tx, {
      by: caller,
      action: "emergency.lifted",
      object: ["emergency", id],
      enterpriseId: scope.enterpriseId,
      details: { remark },
    });
    return notified;
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.warn({ event: "emergency", id, lifted: true, by: scope.userId }, "emergency stop lifted");
  return readEmergency(ctx.db, scope, id);
}
