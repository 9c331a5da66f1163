import type { TPermitAction, TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { notifications, permits } from "../../db/schema";
import { templates } from "../mail/templates";
import { audienceOf, KIND_OF_ACTION } from "./audiences";
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

/**
 * Tells the people concerned by a permit's transition, inside the transition's own transaction (a rolled-back
 * transition tells nobody): one notifications row each (one INSERT), one e-mail each in its language (queued in
 * the transaction), and a NOTIFY delivered at commit for the live streams. The caller wakes the e-mail queue after
 * the commit. Returns how many were told.
 */
export async function notifyPermitTransition(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  transition: TPermitTransition,
): Promise<number> {
  const { permitId, action, from, to, actor, remark } = transition;
  const recipients = await recipientsOf(tx, permitId, audienceOf(action, from, to), actor.id);
  if (recipients.length === 0) return 0;
  const [permit] = await tx
    .select({ documentNumber: permits.documentNumber, taskTitle: permits.taskTitle })
    .from(permits)
    .where(eq(permits.id, permitId));
  if (!permit) return 0;

  const kind = KIND_OF_ACTION[action];
  const params = {
    documentNumber: permit.documentNumber,
    taskTitle: permit.taskTitle,
    actorName: actor.name,
    remark,
    // Verify leads to Approved on a verify-only level: the contractor must then accept it, so it is worded so.
    status: to,
  };
  const linkOf = new Map(recipients.map((r) => [r.id, permitLinkFor(r.role, permitId)]));
  const created = await tx
    .insert(notifications)
    .values(recipients.map((r) => ({ userId: r.id, kind, params, link: linkOf.get(r.id) ?? null })))
    .returning({ id: notifications.id, userId: notifications.userId });

  for (const recipient of recipients) {
    const link = linkOf.get(recipient.id);
    const mail = templates.permitNotification[recipient.language]({
      kind,
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
