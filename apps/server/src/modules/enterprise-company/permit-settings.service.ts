import type { TPermitSettings } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { organisationScope, requireEnterprise } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { enterprises } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";

const SETTINGS = {
  startGraceMinutes: enterprises.permitStartGraceMinutes,
  overdueEscalationGraceMinutes: enterprises.overdueEscalationGraceMinutes,
  waitingEscalationDelayMinutes: enterprises.waitingEscalationDelayMinutes,
  permitsPerWorker: enterprises.permitsPerWorker,
  shiftLengthHours: enterprises.shiftLengthHours,
};

async function enterpriseOf(ctx: TContext, caller: TCaller): Promise<string> {
  const scope = await organisationScope(ctx, caller);
  requireEnterprise(scope, "Only the enterprise sets its permits' validity settings.");
  return scope.enterpriseId;
}

async function read(db: TDb, enterpriseId: string): Promise<TPermitSettings> {
  const [row] = await db.select(SETTINGS).from(enterprises).where(eq(enterprises.id, enterpriseId));
  return row!;
}

/** The enterprise's permit validity settings (its own Enterprise account only). */
export async function getPermitSettings(ctx: TContext, caller: TCaller): Promise<TPermitSettings> {
  return read(ctx.db, await enterpriseOf(ctx, caller));
}

/** Replaces them (the database's CHECKs hold the same ranges as the schema), with an audit entry before → after. */
export async function updatePermitSettings(
  ctx: TContext,
  caller: TCaller,
  input: TPermitSettings,
): Promise<TPermitSettings> {
  const enterpriseId = await enterpriseOf(ctx, caller);
  await inTransaction(ctx.pool, async (tx) => {
    const before = await read(tx, enterpriseId);
    await tx
      .update(enterprises)
      .set({
        permitStartGraceMinutes: input.startGraceMinutes,
        overdueEscalationGraceMinutes: input.overdueEscalationGraceMinutes,
        waitingEscalationDelayMinutes: input.waitingEscalationDelayMinutes,
        // Left out (an older client): kept as it is.
        permitsPerWorker: input.permitsPerWorker ?? before.permitsPerWorker,
        // Left out: kept; null: shifts are not counted (no handover is ever due).
        shiftLengthHours: input.shiftLengthHours === undefined ? before.shiftLengthHours : input.shiftLengthHours,
        updatedAt: new Date(),
      })
      .where(eq(enterprises.id, enterpriseId));
    await appendAudit(tx, {
      by: caller,
      action: "permitSettings.changed",
      object: ["enterprise", enterpriseId],
      enterpriseId,
      details: { before, after: await read(tx, enterpriseId) },
    });
  });
  ctx.log.info({ event: "permit-settings", id: enterpriseId, by: caller.id, ...input }, "permit settings changed");
  return read(ctx.db, enterpriseId);
}
