import { AREA_PATHS, areaPath, complianceToday } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { templates } from "../mail/templates";
import { deliverNotifications, deliveryTo, type TDelivery, type TNoticeReader } from "../notifications/deliver";

/**
 * Expiry reminders (docs/safety.md, "Contractor compliance"): an accepted item whose last valid day is within the
 * enterprise's first reminder days of today is reminded once (stage 1), within its second reminder days once more
 * (stage 2), to the contractor's Supplier accounts, the worker for a person's item, and the enterprise's Enterprise
 * accounts. Each (item, stage) is claimed by inserting its compliance_reminders row: the key keeps a second run,
 * a restart or another instance from telling anyone twice. A fixed number of queries whatever the number of items.
 */

export const COMPLIANCE_REMINDERS_QUEUE = "compliance.reminders";
export const REMINDER_KIND = "compliance.expiring" as const;

type TClaimed = {
  evidenceId: string;
  stage: number;
  enterpriseId: string;
  supplierId: string;
  workerId: string | null;
  requirementName: string;
  holderName: string;
  validUntil: string;
  daysLeft: number;
};

type TRecipient = TNoticeReader & { role: string; supplierId: string | null; enterpriseId: string | null };

/** A uuid[] parameter (drizzle would spread a JS array into a list of parameters). */
const uuids = (ids: string[]) => sql`${`{${[...new Set(ids)].join(",")}}`}::uuid[]`;

/** Sends the reminders due at `now`; returns how many (item, stage) were claimed. */
export async function runComplianceReminders(ctx: TContext, now: Date): Promise<number> {
  // Days are counted from the first zone to reach today, as the standing's `expiring` is (standingOf).
  const today = complianceToday(now).earliest;
  const { claimed, told } = await inTransaction(ctx.pool, async (tx, client) => {
    const claimed = (
      await tx.execute<TClaimed>(sql`
        WITH due AS (
          SELECT e.id, e.enterprise_id, e.supplier_id, e.worker_id, e.valid_until, r.name AS requirement_name,
            (e.valid_until - ${today}::date) AS days_left,
            CASE WHEN en.expiry_second_reminder_days IS NOT NULL
                   AND e.valid_until - ${today}::date <= en.expiry_second_reminder_days THEN 2
                 WHEN e.valid_until - ${today}::date <= en.expiry_first_reminder_days THEN 1 END AS stage
          FROM compliance_evidence e
          JOIN compliance_requirements r ON r.id = e.requirement_id AND r.disabled_at IS NULL
          JOIN enterprises en ON en.id = e.enterprise_id AND en.status = 'active'
          JOIN suppliers s ON s.id = e.supplier_id AND s.status = 'active'
          JOIN affiliations a ON a.enterprise_id = e.enterprise_id AND a.supplier_id = e.supplier_id
            AND a.status = 'affiliated'
          LEFT JOIN users w ON w.id = e.worker_id
          WHERE e.status = 'accepted' AND e.valid_until IS NOT NULL
            AND e.valid_until >= ${today}::date
            AND e.valid_until <= ${today}::date + en.expiry_first_reminder_days
            AND (e.worker_id IS NULL OR w.status = 'active')
            -- Renewed: the same subject holds newer evidence for the requirement, accepted or waiting, lasting longer.
            AND NOT EXISTS (
              SELECT 1 FROM compliance_evidence n
              WHERE n.requirement_id = e.requirement_id AND n.id <> e.id AND n.status IN ('accepted', 'pending')
                AND (CASE WHEN e.worker_id IS NULL THEN n.worker_id IS NULL AND n.supplier_id = e.supplier_id
                          ELSE n.worker_id = e.worker_id END)
                AND (n.valid_until IS NULL OR n.valid_until > e.valid_until)
            )
        ),
        claimed AS (
          INSERT INTO compliance_reminders (evidence_id, stage, sent_at)
          SELECT id, stage, ${now.toISOString()}::timestamptz FROM due WHERE stage IS NOT NULL
          ON CONFLICT DO NOTHING
          RETURNING evidence_id, stage
        )
        SELECT c.evidence_id AS "evidenceId", c.stage, d.enterprise_id AS "enterpriseId",
          d.supplier_id AS "supplierId", d.worker_id AS "workerId", d.requirement_name AS "requirementName",
          coalesce(w.name, s.name) AS "holderName", d.valid_until::text AS "validUntil", d.days_left AS "daysLeft"
        FROM claimed c
        JOIN due d ON d.id = c.evidence_id
        JOIN suppliers s ON s.id = d.supplier_id
        LEFT JOIN users w ON w.id = d.worker_id
      `)
    ).rows;
    if (claimed.length === 0) return { claimed, told: 0 };
    const recipients = (
      await tx.execute<TRecipient>(sql`
        SELECT u.id AS "userId", u.email, u.language, u.role, u.supplier_id AS "supplierId",
          u.enterprise_id AS "enterpriseId", u.email_muted_kinds @> jsonb_build_array(${REMINDER_KIND}::text) AS muted
        FROM users u
        WHERE u.status = 'active' AND (
          (u.role = 'Supplier' AND u.supplier_id = ANY(${uuids(claimed.map((c) => c.supplierId))}))
          OR u.id = ANY(${uuids(claimed.flatMap((c) => (c.workerId ? [c.workerId] : [])))})
          OR (u.role = 'Enterprise' AND u.enterprise_id = ANY(${uuids(claimed.map((c) => c.enterpriseId))}))
        )
      `)
    ).rows;
    const deliveries = claimed.flatMap((item) => deliveriesOf(ctx, item, recipients));
    return { claimed, told: await deliverNotifications(ctx, tx, client, deliveries) };
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "compliance.reminders", claimed: claimed.length, told }, "compliance reminders sent");
  return claimed.length;
}

/** Where each reader acts on the item: the supplier's compliance page, the worker's card, the principal's view. */
function linkFor(role: string): string | null {
  if (role === "Supplier") return areaPath("supplier", AREA_PATHS.compliance);
  if (role === "Employee") return areaPath("employee", AREA_PATHS.workerCard);
  return areaPath("enterprise", AREA_PATHS.compliance);
}

function deliveriesOf(ctx: TContext, item: TClaimed, recipients: TRecipient[]): TDelivery[] {
  const to = recipients.filter(
    (r) =>
      (r.role === "Supplier" && r.supplierId === item.supplierId) ||
      r.userId === item.workerId ||
      (r.role === "Enterprise" && r.enterpriseId === item.enterpriseId),
  );
  const params = {
    requirementName: item.requirementName,
    holderName: item.holderName,
    validUntil: item.validUntil,
    daysLeft: item.daysLeft,
  };
  return [...new Map(to.map((r) => [r.userId, r])).values()].map((r) =>
    deliveryTo(ctx, r, { kind: REMINDER_KIND, params, link: linkFor(r.role) }, (language, url) =>
      templates.complianceExpiring[language]({ ...params, url }),
    ),
  );
}
