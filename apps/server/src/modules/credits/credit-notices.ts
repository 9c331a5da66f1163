import { AREA_PATHS, areaPath, type TCreditNotificationKind } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { spendMailAllowanceIn } from "../mail/mail-allowance";
import { templates } from "../mail/templates";
import { deliverNotifications, deliveryTo, type TNoticeReader } from "../notifications/deliver";

/** A credits notice: the admins are told of requests, an enterprise's company accounts of the rest. */
export interface TCreditNotice {
  kind: TCreditNotificationKind;
  enterpriseId: string;
  enterpriseName: string;
  quantity: number | null;
  remaining: number | null;
  remark: string | null;
  /**
   * The account whose request causes it (a credits request): its mails are then counted against it and the
   * admins' addresses (429). A decision or the low-credits notice is not asked for by the people told.
   */
  senderId?: string;
  /** The credits request it is about (a request's notice to the admins): deciding it marks the notices done. */
  demandId?: string;
}

/** Where the notification opens: the admin's credits requests, or the enterprise's profile (its credits card). */
const LINKS = {
  admins: `${areaPath("admin", AREA_PATHS.adminRequests)}?kind=credits`,
  enterprise: areaPath("enterprise", AREA_PATHS.profile),
};

type TRecipient = TNoticeReader;

/**
 * The active people to tell, read in one query inside the caller's transaction: every Admin, or the enterprise's
 * Enterprise accounts (never when the admin disabled it). `muted`: they asked for no e-mail of this kind.
 */
async function recipientsOf(tx: TDb, notice: TCreditNotice, toAdmins: boolean): Promise<TRecipient[]> {
  const result = await tx.execute<TRecipient>(sql`
    SELECT u.id AS "userId", u.email, u.language,
      u.email_muted_kinds @> jsonb_build_array(${notice.kind}::text) AS muted
    FROM users u
    LEFT JOIN enterprises e ON e.id = u.enterprise_id
    WHERE u.status = 'active' AND CASE WHEN ${toAdmins}
      THEN u.role = 'Admin'
      ELSE u.role = 'Enterprise' AND u.enterprise_id = ${notice.enterpriseId}::uuid AND e.status <> 'disabled' END
  `);
  return result.rows;
}

/**
 * Tells the people concerned in the app, live, and by e-mail in their language, inside the caller's transaction
 * (rolled back, it tells nobody). Returns how many were told; the caller wakes the e-mail queue after its commit.
 */
export async function notifyCredits(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  notice: TCreditNotice,
): Promise<number> {
  const toAdmins = notice.kind === "credits.requested";
  const link = toAdmins ? LINKS.admins : LINKS.enterprise;
  const { enterpriseName, quantity, remaining, remark } = notice;
  const params = { enterpriseName, quantity, remaining, remark };
  const recipients = await recipientsOf(tx, notice, toAdmins);
  if (notice.senderId) {
    const to = recipients.filter((r) => !r.muted).map((r) => r.email);
    await spendMailAllowanceIn(ctx, tx, { kind: "notice", to, by: { account: notice.senderId } });
  }
  return deliverNotifications(
    ctx,
    tx,
    client,
    recipients.map((r) =>
      deliveryTo(ctx, r, { kind: notice.kind, params, link, demandId: notice.demandId }, (language, url) =>
        templates.creditNotification[language]({ kind: notice.kind, ...params, url }),
      ),
    ),
  );
}
