import type { TRole } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { templates } from "../mail/templates";
import { deliverNotifications, deliveryTo, type TNoticeReader } from "./deliver";
import { evidenceReviewLink, supplierComplianceLink } from "./links";

/**
 * Compliance evidence notices (docs/safety.md, "Contractor compliance"): evidence given tells its reviewers (the
 * enterprise's Enterprise accounts and its SuperResponsibles); evidence reviewed tells the side that gave it (the
 * contractor's Supplier accounts, and the worker for a worker's certificate). Inside the caller's transaction, as
 * every notice (deliver.ts): the caller wakes the e-mail queue after its commit.
 */

export const EVIDENCE_GIVEN_KIND = "compliance.evidenceGiven" as const;
export const EVIDENCE_REVIEWED_KIND = "compliance.evidenceReviewed" as const;

type TEvidenceFacts = {
  enterpriseId: string;
  enterpriseName: string;
  supplierId: string | null;
  supplierName: string | null;
  workerId: string | null;
  workerName: string | null;
  requirementName: string;
  status: "pending" | "accepted" | "refused";
  refusalReason: string | null;
};

type TRecipient = TNoticeReader & { role: TRole };

async function factsOf(tx: TDb, evidenceId: string): Promise<TEvidenceFacts | undefined> {
  const { rows } = await tx.execute<TEvidenceFacts>(sql`
    SELECT e.enterprise_id AS "enterpriseId", en.name AS "enterpriseName", e.supplier_id AS "supplierId",
      s.name AS "supplierName", e.worker_id AS "workerId", w.name AS "workerName",
      r.name AS "requirementName", e.status, e.refusal_reason AS "refusalReason"
    FROM compliance_evidence e
    JOIN compliance_requirements r ON r.id = e.requirement_id
    JOIN enterprises en ON en.id = e.enterprise_id
    LEFT JOIN suppliers s ON s.id = e.supplier_id
    LEFT JOIN users w ON w.id = e.worker_id
    WHERE e.id = ${evidenceId}
  `);
  return rows[0];
}

const recipientColumns = (kind: string) => sql`
  u.id AS "userId", u.email, u.language, u.role,
  u.email_muted_kinds @> jsonb_build_array(${kind}::text) AS muted`;

const paramsOf = (facts: TEvidenceFacts) => ({
  requirementName: facts.requirementName,
  supplierName: facts.supplierName ?? "",
  workerName: facts.workerName,
  enterpriseName: facts.enterpriseName,
});

/** Evidence just given: each active Enterprise account and SuperResponsible of its enterprise, to its review page. */
export async function notifyEvidenceGiven(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  given: { evidenceId: string; actor: { id: string; name: string } },
): Promise<number> {
  const facts = await factsOf(tx, given.evidenceId);
  if (!facts) return 0;
  const { rows } = await tx.execute<TRecipient>(sql`
    SELECT ${recipientColumns(EVIDENCE_GIVEN_KIND)}
    FROM users u
    WHERE u.status = 'active' AND u.enterprise_id = ${facts.enterpriseId}
      AND u.role IN ('Enterprise', 'SuperResponsible') AND u.id <> ${given.actor.id}
  `);
  const params = { ...paramsOf(facts), actorName: given.actor.name };
  return deliverNotifications(
    ctx,
    tx,
    client,
    rows.map((r) =>
      deliveryTo(ctx, r, { kind: EVIDENCE_GIVEN_KIND, params, link: evidenceReviewLink(r.role) }, (language, url) =>
        templates.complianceEvidenceGiven[language]({ ...params, url }),
      ),
    ),
  );
}

/**
 * Evidence just accepted or refused: the active Supplier accounts of its contractor and, for a worker's
 * certificate, the worker; with the decision, and the reason of a refusal (what the contractor reads).
 */
export async function notifyEvidenceReviewed(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  reviewed: { evidenceId: string; actor: { id: string; name: string } },
): Promise<number> {
  const facts = await factsOf(tx, reviewed.evidenceId);
  if (!facts || facts.status === "pending" || !facts.supplierId) return 0;
  const { rows } = await tx.execute<TRecipient>(sql`
    SELECT ${recipientColumns(EVIDENCE_REVIEWED_KIND)}
    FROM users u
    WHERE u.status = 'active' AND u.id <> ${reviewed.actor.id} AND (
      (u.role = 'Supplier' AND u.supplier_id = ${facts.supplierId})
      OR (u.id = ${facts.workerId} AND u.supplier_id = ${facts.supplierId})
    )
  `);
  const decision = facts.status;
  const remark = decision === "refused" ? facts.refusalReason : null;
  const params = { ...paramsOf(facts), actorName: reviewed.actor.name, decision, remark };
  return deliverNotifications(
    ctx,
    tx,
    client,
    rows.map((r) =>
      deliveryTo(
        ctx,
        r,
        { kind: EVIDENCE_REVIEWED_KIND, params, link: supplierComplianceLink(r.role) },
        (language, url) =>
          templates.complianceEvidenceReviewed[language]({ ...paramsOf(facts), decision, reason: remark, url }),
      ),
    ),
  );
}
