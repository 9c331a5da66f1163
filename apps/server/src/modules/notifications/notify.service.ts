import type { TNotificationKind, TPermitAction, TPermitStatus } from "@openpermit/shared";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { templates } from "../mail/templates";
import { audienceOf, KIND_OF_ACTION, type TAudience } from "./audiences";
import { permitLinkFor } from "./links";
import { publishNotifications } from "./publish";
import { recipientsOf } from "./recipients";

export interface TPermitTransition {
  permitId: string;
  action: TPermitAction;
  from: TPermitStatus;
  to: TPermitStatus;
  actor: { id: string; name: string };
  remark: string | null;
}

interface TPermitNotice {
  kind: TNotificationKind;
  permitIds: string[];
  audience: TAudience;
  /** Who acted (never told); null when nobody did (the scheduler). */
  actor: { id: string; name: string } | null;
  remark: string | null;
  /** The permits' status after the change. */
  status: TPermitStatus;
}

/**
 * Tells the audience of each permit, inside the caller's transaction (rolled back, it tells nobody): one
 * notifications row per person and permit (one INSERT), one e-mail each in its language (queued in the
 * transaction), and a NOTIFY delivered at commit for the live streams. Returns how many were told; the caller
 * wakes the e-mail queue after its commit.
 */
async function notifyAboutPermits(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  notice: TPermitNotice,
): Promise<number> {
  const recipients = await recipientsOf(tx, notice.permitIds, notice.audience, notice.actor?.id ?? null);
  if (recipients.length === 0) return 0;
  const told = recipients.map((r) => {
    const params = {
      documentNumber: r.documentNumber,
      taskTitle: r.taskTitle,
      actorName: notice.actor?.name ?? null,
      remark: notice.remark,
      // Verify leads to Approved on a verify-only level: the contractor must then accept it, so it is worded so.
      status: notice.status,
    };
    return { recipient: r, params, link: permitLinkFor(r.role, r.permitId) };
  });
  const created = await tx
    .insert(notifications)
    .values(told.map(({ recipient, params, link }) => ({ userId: recipient.userId, kind: notice.kind, params, link })))
    .returning({ id: notifications.id, userId: notifications.userId });

  for (const { recipient, params, link } of told) {
    const mail = templates.permitNotification[recipient.language]({
      kind: notice.kind,
      ...params,
      url: `${ctx.config.publicUrl}${link ?? ""}`,
    });
    await ctx.jobs.sendEmail({ to: recipient.email, ...mail }, client);
  }
  await publishNotifications(
    client,
    created.map((row) => [row.userId, row.id]),
  );
  return created.length;
}

/** A permit's transition through the API: its people per the contract, never the person who acted. */
export function notifyPermitTransition(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  transition: TPermitTransition,
): Promise<number> {
  const { permitId, action, from, to, actor, remark } = transition;
  return notifyAboutPermits(ctx, tx, client, {
    kind: KIND_OF_ACTION[action],
    permitIds: [permitId],
    audience: audienceOf(action, from, to),
    actor,
    remark,
    status: to,
  });
}

const CREATOR_SIDE_AND_HANDLERS: TAudience = {
  creatorSide: true,
  handlers: true,
  sectorVerifiers: false,
  sectorApprovers: false,
};

/**
 * The scheduler's notices (permit-scheduler's TSchedulerNotices), each for a batch of permits in one go: started
 * at the start time (nobody acted), starting soon (the creator's side), overdue (the creator's side and the
 * managers who handled it). Without a wake after commit, the e-mail worker's next poll (2 s) sends them.
 */
export function schedulerNotices(ctx: TContext) {
  const notice =
    (kind: TNotificationKind, audience: TAudience, status: TPermitStatus) =>
    (tx: TDb, client: pg.PoolClient, permitIds: string[]) =>
      notifyAboutPermits(ctx, tx, client, { kind, permitIds, audience, actor: null, remark: null, status });
  return {
    started: notice("permit.started", CREATOR_SIDE_AND_HANDLERS, "In_progress"),
    startsSoon: notice("permit.startsSoon", { ...CREATOR_SIDE_AND_HANDLERS, handlers: false }, "accepted"),
    overdue: notice("permit.overdue", CREATOR_SIDE_AND_HANDLERS, "In_progress"),
  };
}
