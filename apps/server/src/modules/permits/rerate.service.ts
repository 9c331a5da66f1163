import { type TPermit, type TPermitRerateInput, V } from "@openpermit/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { permitPartyOf, requireRerater } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { matrixAxisLevels, permitEvents, permits, type TRerateColumn } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { notifyPermitRerated } from "../notifications";
import { levelOfPermit } from "./permit-level";
import { findVisiblePermit, readPermit, relationOfRow } from "./permit-read";
import { namedIds } from "./send-checks";
import { movedMeanwhile } from "./workflow.service";

/** The labels of the enterprise's axis levels among `ids`, by id (another enterprise's ids are not there). */
async function axisLabels(db: TDb, enterpriseId: string, ids: string[]) {
  const rows = await db
    .select({ id: matrixAxisLevels.id, axis: matrixAxisLevels.axis, label: matrixAxisLevels.label })
    .from(matrixAxisLevels)
    .where(and(eq(matrixAxisLevels.enterpriseId, enterpriseId), inArray(matrixAxisLevels.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A verifier's re-rating (docs/safety.md, "Criticality cannot be under-rated"): while the permit waits for its verification, a Verifier
 * of its sector other than its creator sets its probability × severity, with a reason. The level is computed as at
 * a send (levelOfPermit: never below the named risks' minimums) and kept with its flow, so a re-rating that calls
 * for an approval makes the verification lead to `Confirmed`. One conditional UPDATE (still `sended`, still the
 * rating read: of two re-ratings at once one wins, the other is 409), the history event with before → after, the
 * audit entry and the creator's notification commit together.
 */
export async function reratePermit(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TPermitRerateInput,
): Promise<TPermit> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const { permit } = row;
  requireRerater(permit.status, relationOfRow(party, row), movedMeanwhile);
  const labels = await axisLabels(
    ctx.db,
    permit.enterpriseId,
    [input.probabilityId, input.severityId, permit.probabilityId, permit.severityId].filter(
      (x): x is string => x !== null,
    ),
  );
  const fields: Record<string, string> = {};
  if (labels.get(input.probabilityId)?.axis !== "probability") fields.probabilityId = V.invalidValue;
  if (labels.get(input.severityId)?.axis !== "severity") fields.severityId = V.invalidValue;
  const rated =
    Object.keys(fields).length === 0
      ? await levelOfPermit(ctx.db, permit.enterpriseId, input, await namedIds(ctx.db, id))
      : undefined;
  if (!rated) {
    const reasons = Object.keys(fields).length > 0 ? fields : { severityId: V.severityProbabilityRequired };
    throw new AppError("VALIDATION_FAILED", "Choose a probability and a severity of the risk matrix.", reasons);
  }
  const change: TRerateColumn = {
    before: {
      probability: labels.get(permit.probabilityId ?? "")?.label ?? "—",
      severity: labels.get(permit.severityId ?? "")?.label ?? "—",
      level: permit.levelName ?? "—",
    },
    after: {
      probability: labels.get(input.probabilityId)!.label,
      severity: labels.get(input.severityId)!.label,
      level: rated.level.name,
    },
  };
  const now = new Date();
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    const [changed] = await tx
      .update(permits)
      .set({
        probabilityId: input.probabilityId,
        severityId: input.severityId,
        levelName: rated.level.name,
        levelColour: rated.level.colour,
        levelFlow: rated.level.flow,
        updatedAt: now,
      })
      .where(
        and(
          eq(permits.id, id),
          eq(permits.status, "sended"),
          sql`${permits.probabilityId} IS NOT DISTINCT FROM ${permit.probabilityId}`,
          sql`${permits.severityId} IS NOT DISTINCT FROM ${permit.severityId}`,
          sql`${permits.createdBy} IS DISTINCT FROM ${party.userId}`,
        ),
      )
      .returning({ id: permits.id });
    if (!changed) throw movedMeanwhile();
    await tx.insert(permitEvents).values({
      permitId: id,
      action: "rerate",
      fromStatus: "sended",
      toStatus: "sended",
      actorId: party.userId,
      remark: input.reason,
      rerate: change,
      createdAt: now,
    });
    await appendAudit(tx, {
      by: caller,
      action: "permit.rerated",
      object: ["permit", id],
      enterpriseId: permit.enterpriseId,
      details: { ...change, reason: input.reason },
    });
    return notifyPermitRerated(ctx, tx, client, {
      permitId: id,
      actor: { id: party.userId, name: caller.name },
      reason: input.reason,
    });
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "permit-rerated", id, by: party.userId, level: rated.level.name }, "permit re-rated");
  return readPermit(ctx.db, party, id);
}
