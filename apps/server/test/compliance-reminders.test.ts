import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements } from "../src/db/schema";
import { runComplianceReminders } from "../src/modules/compliance/reminders.service";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { createUser } from "./helpers/factories";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// Expiry reminders (docs/safety.md, "Contractor compliance"): once per item and stage, on the enterprise's days.
let t: TTestApp;
let w: TPermitWorld;
const DAY = 86_400_000;
// At 05:00 UTC the first zone to reach a day (UTC+14) is still on it: "today" is 2026-06-01 for the rules.
const NOW = new Date("2026-06-01T05:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const day = (days: number) => at(days).toISOString().slice(0, 10);

async function requirement(enterpriseId: string, name: string, kind: "document" | "competence" | "induction") {
  const [row] = await t.ctx.db.insert(complianceRequirements).values({ enterpriseId, kind, name }).returning();
  return row!.id;
}
async function evidence(values: Partial<typeof complianceEvidence.$inferInsert> & { requirementId: string }) {
  const status = values.status ?? "accepted";
  const [row] = await t.ctx.db
    .insert(complianceEvidence)
    .values({
      enterpriseId: w.enterprise.id,
      validFrom: "2020-01-01",
      status,
      reviewedAt: status === "pending" ? null : new Date(),
      refusalReason: status === "refused" ? "Unreadable" : null,
      ...values,
    })
    .returning();
  return row!.id;
}
/** Who was told of a reminder about the requirement of this name, and how many times each. */
async function toldOf(requirementName: string) {
  const { rows } = await t.ctx.pool.query<{ user_id: string; n: number }>(
    `SELECT user_id, count(*)::int AS n FROM notifications
     WHERE kind = 'compliance.expiring' AND params->>'requirementName' = $1 GROUP BY user_id`,
    [requirementName],
  );
  return Object.fromEntries(rows.map((r) => [r.user_id, r.n]));
}
const stagesOf = async (evidenceId: string) =>
  (
    await t.ctx.pool.query<{ stage: number }>(
      "SELECT stage FROM compliance_reminders WHERE evidence_id = $1 ORDER BY stage",
      [evidenceId],
    )
  ).rows.map((r) => r.stage);

let insurance: string;
let personal: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  await t.ctx.pool.query("UPDATE users SET language = 'fr', name = 'Bob Builder' WHERE id = $1", [w.employee.id]);
  const e = w.enterprise.id;
  insurance = await evidence({
    requirementId: await requirement(e, "Liability insurance", "document"),
    supplierId: w.supplier.id,
    validUntil: day(30),
  });
  personal = await evidence({
    requirementId: await requirement(e, "Site induction", "induction"),
    supplierId: w.supplier.id,
    workerId: w.employee.id,
    validUntil: day(30),
  });
  // Renewed: a newer item lasting longer, accepted or waiting for review.
  const renewed = await requirement(e, "Hot-work training", "competence");
  await evidence({ requirementId: renewed, supplierId: w.supplier.id, workerId: w.employee.id, validUntil: day(5) });
  await evidence({
    requirementId: renewed,
    supplierId: w.supplier.id,
    workerId: w.employee.id,
    validUntil: day(400),
    status: "pending",
  });
  // Refused or pending: not valid, nothing to remind.
  const unreviewed = await requirement(e, "Quality charter", "document");
  await evidence({ requirementId: unreviewed, supplierId: w.supplier.id, validUntil: day(5), status: "refused" });
  await evidence({ requirementId: unreviewed, supplierId: w.supplier.id, validUntil: day(5), status: "pending" });
  // A disabled person, a disabled company.
  const retired = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id }, "disabled");
  await evidence({
    requirementId: await requirement(e, "Retired training", "competence"),
    supplierId: w.supplier.id,
    workerId: retired.id,
    validUntil: day(5),
  });
  const closed = await createSupplierWithPeople(t.ctx);
  await affiliate(t.ctx, e, closed.supplier.id);
  await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [closed.supplier.id]);
  await evidence({
    requirementId: await requirement(e, "Closed insurance", "document"),
    supplierId: closed.supplier.id,
    validUntil: day(5),
  });
  // Another enterprise, its own days: a first reminder 10 days before, no second one.
  const other = w.otherTenant;
  await t.ctx.pool.query(
    "UPDATE enterprises SET expiry_first_reminder_days = 10, expiry_second_reminder_days = NULL WHERE id = $1",
    [other.enterprise.id],
  );
  await affiliate(t.ctx, other.enterprise.id, other.supplier.id);
  await evidence({
    enterpriseId: other.enterprise.id,
    requirementId: await requirement(other.enterprise.id, "Their insurance", "document"),
    supplierId: other.supplier.id,
    validUntil: day(20),
  });
});
afterAll(async () => t.close());

describe("expiry reminders", () => {
  it("are not sent before the first reminder's day", async () => {
    await runComplianceReminders(t.ctx, at(-1));
    expect(await stagesOf(insurance)).toEqual([]);
    expect(await toldOf("Liability insurance")).toEqual({});
  });

  it("are sent 30 days before the last valid day, once, to the supplier, the worker and the enterprise", async () => {
    const mark = t.mailbox.mark();
    await runComplianceReminders(t.ctx, NOW);
    expect(await toldOf("Liability insurance")).toEqual({ [w.supplierUser.id]: 1, [w.enterpriseUser.id]: 1 });
    expect(await toldOf("Site induction")).toEqual({
      [w.supplierUser.id]: 1,
      [w.employee.id]: 1,
      [w.enterpriseUser.id]: 1,
    });
    const { rows } = await t.ctx.pool.query(
      "SELECT params, link FROM notifications WHERE user_id = $1 AND kind = 'compliance.expiring' ORDER BY params->>'requirementName'",
      [w.supplierUser.id],
    );
    expect(rows[0]).toEqual({
      params: {
        requirementName: "Liability insurance",
        holderName: expect.any(String),
        validUntil: day(30),
        daysLeft: 30,
      },
      link: "/supplier/compliance",
    });
    const mail = await t.mailbox.waitFor(w.employee.email);
    expect(mail.subject).toBe(`OpenPermit : “Site induction” de Bob Builder prend fin le ${day(30)}`);
    expect(mail.seq).toBeGreaterThan(mark);
    // A second run the same day, and the next day: nothing more.
    await runComplianceReminders(t.ctx, at(0.5));
    await runComplianceReminders(t.ctx, at(1));
    expect(await stagesOf(insurance)).toEqual([1]);
    expect(await toldOf("Liability insurance")).toEqual({ [w.supplierUser.id]: 1, [w.enterpriseUser.id]: 1 });
  });

  it("are sent once more 7 days before, and never again", async () => {
    await runComplianceReminders(t.ctx, at(22));
    expect(await stagesOf(personal)).toEqual([1]);
    await runComplianceReminders(t.ctx, at(23));
    await runComplianceReminders(t.ctx, at(23));
    await runComplianceReminders(t.ctx, at(24));
    expect(await stagesOf(insurance)).toEqual([1, 2]);
    expect(await stagesOf(personal)).toEqual([1, 2]);
    expect(await toldOf("Liability insurance")).toEqual({ [w.supplierUser.id]: 2, [w.enterpriseUser.id]: 2 });
  });

  it("leave renewed, refused, pending items alone, and disabled people or companies", async () => {
    for (const name of ["Hot-work training", "Quality charter", "Retired training", "Closed insurance"]) {
      expect(await toldOf(name)).toEqual({});
    }
  });

  it("honour each enterprise's own days", async () => {
    // Their item ends on day 20: with a first reminder 10 days before, nothing is due until day 10.
    expect(await toldOf("Their insurance")).toEqual({});
    await runComplianceReminders(t.ctx, at(9));
    expect(await toldOf("Their insurance")).toEqual({});
    await runComplianceReminders(t.ctx, at(10));
    await runComplianceReminders(t.ctx, at(18));
    expect(await toldOf("Their insurance")).toEqual({
      [w.otherTenant.supplierUser.id]: 1,
      [w.otherTenant.enterpriseUser.id]: 1,
    });
    const { rows } = await t.ctx.pool.query<{ sent_at: Date }>(
      `SELECT r.sent_at FROM compliance_reminders r JOIN compliance_evidence e ON e.id = r.evidence_id
       WHERE e.enterprise_id = $1`,
      [w.otherTenant.enterprise.id],
    );
    expect(rows.map((r) => r.sent_at.toISOString())).toEqual([at(10).toISOString()]);
  });
});
