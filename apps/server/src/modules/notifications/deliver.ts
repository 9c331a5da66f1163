import type { TLanguage, TNotificationKind } from "@openpermit/shared";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { publishNotifications } from "./publish";

/** One notification for one person, with the e-mail that goes with it (already worded in the person's language). */
export interface TDelivery {
  userId: string;
  kind: TNotificationKind;
  params: Record<string, string | number | null>;
  link: string | null;
  /** The permit it is about (what marks it done when the permit moves on: done.ts); absent for credits. */
  permitId?: string;
  /** The request it is about (a credits request's notice to the admins: deciding it marks the notice done). */
  demandId?: string;
  /** null: no e-mail (the person muted this kind). */
  mail: { to: string; subject: string; text: string } | null;
}

/** Who a notice goes to: an account, its address and language, and whether it muted e-mails of the notice's kind. */
export type TNoticeReader = { userId: string; email: string; language: TLanguage; muted: boolean };

/**
 * One reader's notice: in the app always, and by e-mail, worded in their language, unless they muted its kind (still
 * told in the app). `mail` words the e-mail in a language, given the notice's whole link.
 */
export function deliveryTo(
  ctx: TContext,
  reader: TNoticeReader,
  notice: Omit<TDelivery, "userId" | "mail">,
  mail: (language: TLanguage, url: string) => { subject: string; text: string },
): TDelivery {
  return {
    ...notice,
    userId: reader.userId,
    mail: reader.muted
      ? null
      : { to: reader.email, ...mail(reader.language, `${ctx.config.publicUrl}${notice.link ?? ""}`) },
  };
}

/**
 * Delivers notifications inside the caller's transaction (rolled back, it tells nobody): one INSERT for all the
 * rows, the e-mails queued in the transaction, and a NOTIFY delivered at commit for the live streams. Returns how
 * many were told; the caller wakes the e-mail queue after its commit.
 */
export async function deliverNotifications(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  deliveries: TDelivery[],
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const created = await tx
    .insert(notifications)
    .values(
      deliveries.map(({ userId, kind, params, link, permitId, demandId }) => ({
        userId,
        kind,
        params,
        link,
        permitId,
        demandId,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const { mail } of deliveries) {
    if (mail) await ctx.jobs.sendEmail(mail, client);
  }
  await publishNotifications(
    client,
    created.map((row) => [row.userId, row.id]),
  );
  return created.length;
}
