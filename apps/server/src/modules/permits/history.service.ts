import type { TPermitEvent } from "@openpermit/shared";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import { permitEvents, users } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { acknowledgementsOf } from "../clashes/clashes.service";
import { findVisiblePermit } from "./permit-read";

const workers = alias(users, "worker");

/** The permit's history, oldest first, for anyone who sees the permit; a signed step names the clashes it acknowledged. */
export async function permitHistory(ctx: TContext, caller: TCaller, id: string): Promise<TPermitEvent[]> {
  const party = await permitPartyOf(ctx, caller);
  await findVisiblePermit(ctx.db, party, id);
  const acknowledged = new Map<string, Awaited<ReturnType<typeof acknowledgementsOf>>>();
  for (const a of await acknowledgementsOf(ctx, id, party)) {
    const key = `${a.step}@${a.at}`;
    acknowledged.set(key, [...(acknowledged.get(key) ?? []), a]);
  }
  const rows = await ctx.db
    .select({
      event: permitEvents,
      actor: { id: users.id, name: users.name, role: users.role },
      worker: { id: workers.id, name: workers.name },
    })
    .from(permitEvents)
    .leftJoin(users, eq(users.id, permitEvents.actorId))
    .leftJoin(workers, eq(workers.id, permitEvents.workerId))
    .where(eq(permitEvents.permitId, id))
    .orderBy(asc(permitEvents.createdAt), asc(permitEvents.id));
  return rows.map(({ event, actor, worker }) => ({
    id: event.id,
    action: event.action,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    at: event.createdAt.toISOString(),
    actor: actor?.id ? actor : null,
    remark: event.remark,
    rerate: event.rerate,
    worker: worker?.id ? worker : null,
    // Recorded in the step's transaction, at its time.
    clashAcknowledgements: acknowledged
      .get(`${event.action}@${event.createdAt.toISOString()}`)
      ?.map((a) => ({ otherPermit: a.otherPermit, remark: a.remark })),
  }));
}
