import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceRequirements } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { PDF_BYTES } from "./helpers/organisation";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// Compliance evidence notices (modules/notifications/compliance-evidence.ts): evidence given tells the enterprise's
// reviewers, evidence reviewed tells the contractor's side that gave it; nobody of another company is told.
let t: TTestApp;
let w: TPermitWorld;
const ids = { insurance: "", training: "" };
const pdf = { data: PDF_BYTES, filename: "certificate.pdf", type: "application/pdf" };

async function requirement(name: string, kind: "document" | "competence") {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: w.enterprise.id, kind, name })
    .returning();
  return row!.id;
}

async function give(fields: Record<string, string>): Promise<string> {
  const given = await t.as(w.supplierUser).upload("POST", "/api/compliance/evidence", "file", pdf, {
    issuer: "Mutual Assurance",
    reference: "MA-1",
    validFrom: "2026-01-01",
    ...fields,
  });
  expect(given.statusCode, given.body).toBe(201);
  return given.json().data.id;
}

/** Who was told of this kind about the requirement of this name: user → { link, params }. */
async function toldOf(kind: string, requirementName: string) {
  const { rows } = await t.ctx.pool.query<{ user_id: string; link: string; params: Record<string, unknown> }>(
    `SELECT user_id, link, params FROM notifications WHERE kind = $1 AND params->>'requirementName' = $2`,
    [kind, requirementName],
  );
  return Object.fromEntries(rows.map((r) => [r.user_id, { link: r.link, params: r.params }]));
}

/** A mail's text as the reader sees it (the raw message's body is quoted-printable). */
const textOf = (mail: { raw: string }) =>
  Buffer.from(
    mail.raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const nobodyElse = (told: Record<string, unknown>, people: TPerson[]) => {
  for (const person of people) expect(told[person.id], person.role).toBeUndefined();
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  ids.insurance = await requirement("Liability insurance", "document");
  ids.training = await requirement("Hot-work training", "competence");
  await t.ctx.pool.query("UPDATE users SET language = 'fr' WHERE id = ANY($1)", [
    [w.superResponsible.id, w.employee.id],
  ]);
  await t.ctx.pool.query("UPDATE users SET name = 'Bob Builder' WHERE id = $1", [w.employee.id]);
});
afterAll(async () => t.close());

describe("compliance evidence notifications", () => {
  it("tell the enterprise and its SuperResponsibles that evidence waits for review, nobody else", async () => {
    const mark = t.mailbox.mark();
    await give({ requirementId: ids.insurance, coverAmount: "1000" });
    const told = await toldOf("compliance.evidenceGiven", "Liability insurance");
    expect(Object.keys(told).sort()).toEqual([w.enterpriseUser.id, w.superResponsible.id].sort());
    expect(told[w.enterpriseUser.id]).toEqual({
      link: "/enterprise/compliance/review",
      params: {
        requirementName: "Liability insurance",
        supplierName: w.supplier.name,
        workerName: null,
        enterpriseName: w.enterprise.name,
        actorName: expect.any(String),
      },
    });
    expect(told[w.superResponsible.id]!.link).toBe("/superresponsible/compliance/review");
    nobodyElse(told, [
      w.responsible,
      w.supplierUser,
      w.employee,
      w.otherSupplier.supplierUser,
      w.otherTenant.enterpriseUser,
      w.otherTenant.superResponsible,
      w.admin,
    ]);
    // Each in its own language, with the link to the review page.
    const english = await t.mailbox.waitFor(w.enterpriseUser.email, { after: mark });
    expect(english.subject).toBe(`OpenPermit: “${w.supplier.name}” gave “Liability insurance” to review`);
    expect(textOf(english)).toContain("/enterprise/compliance/review");
    const french = await t.mailbox.waitFor(w.superResponsible.email, { after: mark });
    expect(french.subject).toBe(`OpenPermit : “${w.supplier.name}” a fourni “Liability insurance” à vérifier`);
    expect(textOf(french)).toContain("/superresponsible/compliance/review");
  });

  it("name the worker of a certificate to its reviewers", async () => {
    await give({ requirementId: ids.training, workerId: w.employee.id });
    const told = await toldOf("compliance.evidenceGiven", "Hot-work training");
    expect(told[w.enterpriseUser.id]!.params).toMatchObject({ workerName: "Bob Builder" });
  });

  it("tell the contractor's Supplier accounts and the worker of a refusal, with its reason", async () => {
    const id = await give({ requirementId: ids.training, workerId: w.employee.id });
    await t.ctx.pool.query("DELETE FROM notifications WHERE kind = 'compliance.evidenceReviewed'");
    const mark = t.mailbox.mark();
    const refused = await t
      .as(w.superResponsible)
      .post(`/api/compliance/evidence/${id}/review`, { decision: "refuse", reason: "The certificate is unreadable." });
    expect(refused.statusCode, refused.body).toBe(200);
    const told = await toldOf("compliance.evidenceReviewed", "Hot-work training");
    expect(Object.keys(told).sort()).toEqual([w.supplierUser.id, w.employee.id].sort());
    expect(told[w.supplierUser.id]).toEqual({
      link: "/supplier/compliance",
      params: {
        requirementName: "Hot-work training",
        supplierName: w.supplier.name,
        workerName: "Bob Builder",
        enterpriseName: w.enterprise.name,
        actorName: expect.any(String),
        decision: "refused",
        remark: "The certificate is unreadable.",
      },
    });
    // A worker without a Supplier account reads its certificates on its own card.
    expect(told[w.employee.id]!.link).toBe("/employee/card");
    nobodyElse(told, [
      w.enterpriseUser,
      w.superResponsible,
      w.responsible,
      w.otherSupplier.supplierUser,
      w.otherSupplier.employee,
      w.otherTenant.supplierUser,
      w.otherTenant.enterpriseUser,
    ]);
    const english = await t.mailbox.waitFor(w.supplierUser.email, { after: mark });
    expect(english.subject).toBe(`OpenPermit: “${w.enterprise.name}” refused “Hot-work training” of “Bob Builder”`);
    expect(textOf(english)).toContain("Reason: “The certificate is unreadable.”");
    expect(textOf(english)).toContain("/supplier/compliance");
    const french = await t.mailbox.waitFor(w.employee.email, { after: mark });
    expect(french.subject).toBe(`OpenPermit : “${w.enterprise.name}” a refusé “Hot-work training” de “Bob Builder”`);
    expect(textOf(french)).toContain("Motif : “The certificate is unreadable.”");
  });

  it("tell the contractor's Supplier accounts of an acceptance, not its other workers", async () => {
    const id = await give({ requirementId: ids.insurance, coverAmount: "1000" });
    await t.ctx.pool.query("DELETE FROM notifications WHERE kind = 'compliance.evidenceReviewed'");
    const mark = t.mailbox.mark();
    const accepted = await t.as(w.enterpriseUser).post(`/api/compliance/evidence/${id}/review`, { decision: "accept" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const told = await toldOf("compliance.evidenceReviewed", "Liability insurance");
    expect(Object.keys(told)).toEqual([w.supplierUser.id]);
    expect(told[w.supplierUser.id]!.params).toMatchObject({ decision: "accepted", remark: null, workerName: null });
    const mail = await t.mailbox.waitFor(w.supplierUser.email, { after: mark });
    expect(mail.subject).toBe(`OpenPermit: “${w.enterprise.name}” accepted “Liability insurance”`);
    // The supplier's own notification list carries it, worded from its kind.
    const list = await t.as(w.supplierUser).get("/api/notifications?pageSize=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((n: { kind: string }) => n.kind)).toContain("compliance.evidenceReviewed");
  });

  it("come in the app but not by e-mail to whoever muted the kind", async () => {
    await t.ctx.pool.query(`UPDATE users SET email_muted_kinds = '["compliance.evidenceGiven"]'::jsonb WHERE id = $1`, [
      w.enterpriseUser.id,
    ]);
    await t.ctx.pool.query("DELETE FROM notifications WHERE kind = 'compliance.evidenceGiven'");
    const mark = t.mailbox.mark();
    await give({ requirementId: ids.insurance, coverAmount: "2000" });
    const told = await toldOf("compliance.evidenceGiven", "Liability insurance");
    expect(Object.keys(told).sort()).toEqual([w.enterpriseUser.id, w.superResponsible.id].sort());
    await t.mailbox.waitFor(w.superResponsible.email, { after: mark });
    expect(t.mailbox.to(w.enterpriseUser.email).filter((m) => m.seq > mark)).toEqual([]);
  });
});
