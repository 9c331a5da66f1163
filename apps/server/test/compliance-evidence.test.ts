import fs from "node:fs";
import path from "node:path";
import { V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceRequirements } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { PDF_BYTES, png } from "./helpers/organisation";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// Compliance evidence (modules/compliance/evidence.*): given by the supplier with its file, reviewed by the
// enterprise or its SuperResponsibles, invisible to everyone else.
let t: TTestApp;
let w: TPermitWorld;
const ids = { insurance: "", training: "", induction: "", otherTenants: "" };
const pdf: { data: Buffer; filename: string; type: string } = {
  data: PDF_BYTES,
  filename: "certificate.pdf",
  type: "application/pdf",
};

async function requirement(enterpriseId: string, values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId, kind: "document", name: "x", ...values })
    .returning();
  return row!.id;
}

const give = (who: TPerson, fields: Record<string, string>, file: typeof pdf | null = pdf) =>
  t.as(who).upload("POST", "/api/compliance/evidence", "file", file, {
    issuer: "Mutual Assurance",
    reference: "MA-1",
    validFrom: "2026-01-01",
    ...fields,
  });
const insurance = (cover = "6000000") => ({ requirementId: ids.insurance, coverAmount: cover });
const training = (workerId: string) => ({ requirementId: ids.training, workerId });
const review = (who: TPerson, id: string, body: unknown) =>
  t.as(who).post(`/api/compliance/evidence/${id}/review`, body);
const storedFiles = () => fs.readdirSync(path.join(t.dataDir, "files")).filter((f) => !f.startsWith("."));

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  ids.insurance = await requirement(w.enterprise.id, {
    name: "Liability insurance",
    validityDays: 365,
    minimumCover: 5_000_000,
  });
  ids.training = await requirement(w.enterprise.id, { kind: "competence", name: "Hot-work training" });
  ids.induction = await requirement(w.enterprise.id, { kind: "induction", name: "Site induction" });
  ids.otherTenants = await requirement(w.otherTenant.enterprise.id, { name: "Their insurance" });
});
afterAll(async () => t.close());

describe("compliance evidence", () => {
  it("is given by the supplier with its file, pending, its last day from the requirement's validity", async () => {
    const given = await give(w.supplierUser, insurance());
    expect(given.statusCode, given.body).toBe(201);
    const evidence = given.json().data;
    expect(evidence).toMatchObject({
      requirement: { id: ids.insurance, name: "Liability insurance", kind: "document", minimumCover: 5_000_000 },
      enterprise: { id: w.enterprise.id },
      supplier: { id: w.supplier.id },
      worker: null,
      issuer: "Mutual Assurance",
      coverAmount: 6_000_000,
      validFrom: "2026-01-01",
      validUntil: "2026-12-31",
      status: "pending",
      file: { type: "application/pdf", size: PDF_BYTES.length },
    });
    // A last day beyond the requirement's validity is brought back to it: the enterprise decides how long it trusts.
    const capped = await give(w.supplierUser, { ...insurance(), validUntil: "2030-01-01" });
    expect(capped.json().data.validUntil).toBe("2026-12-31");
    // A worker's certificate, for a competence.
    const certificate = await give(w.supplierUser, training(w.employee.id));
    expect(certificate.statusCode, certificate.body).toBe(201);
    expect(certificate.json().data).toMatchObject({ worker: { id: w.employee.id }, validUntil: null });
  });

  it("refuses what does not fit the requirement, keeping nothing of the file", async () => {
    const before = storedFiles();
    expectError(await give(w.employee, insurance()), 403, "FORBIDDEN");
    expectError(await give(w.enterpriseUser, insurance()), 403, "FORBIDDEN");
    expectFields(await give(w.supplierUser, { requirementId: ids.induction, workerId: w.employee.id }), {
      requirementId: V.invalidValue,
    });
    expectFields(await give(w.supplierUser, { ...insurance(), workerId: w.employee.id }), { workerId: V.invalidValue });
    expectFields(await give(w.supplierUser, { requirementId: ids.training }), { workerId: V.invalidValue });
    expectFields(await give(w.supplierUser, { requirementId: ids.insurance }), { coverAmount: V.invalidNumberFormat });
    expectFields(await give(w.supplierUser, { ...insurance(), validUntil: "2025-01-01" }), {
      validUntil: V.dateRangeOrder,
    });
    expectFields(await give(w.supplierUser, { ...insurance(), validFrom: "0000-01-01" }), {
      validFrom: V.dateOutOfRange,
    });
    // Another supplier's worker, another tenant's requirement: unknown here.
    expectError(await give(w.supplierUser, training(w.otherSupplier.employee.id)), 404, "NOT_FOUND");
    expectError(await give(w.supplierUser, { requirementId: ids.otherTenants }), 404, "NOT_FOUND");
    expectError(
      await give(w.supplierUser, insurance(), { data: Buffer.from("MZ"), filename: "x.pdf", type: "application/pdf" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectFields(await give(w.supplierUser, insurance(), null), { file: V.invalidValue });
    expect(storedFiles()).toEqual(before);
  });

  it("is seen by its supplier and its reviewers only, its file too", async () => {
    const id = (await give(w.supplierUser, insurance())).json().data.id as string;
    const file = `/api/compliance/evidence/${id}/file`;
    for (const who of [w.supplierUser, w.enterpriseUser, w.superResponsible]) {
      const list = await t.as(who).get("/api/compliance/evidence?status=pending&pageSize=100");
      expect(list.statusCode, who.role).toBe(200);
      expect(list.json().data.map((e: { id: string }) => e.id)).toContain(id);
      const read = await t.as(who).get(file);
      expect(read.statusCode, who.role).toBe(200);
      expect(read.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    for (const who of [w.otherSupplier.supplierUser, w.otherTenant.enterpriseUser, w.otherTenant.supplierUser]) {
      expect((await t.as(who).get(file)).statusCode, who.role).toBe(404);
      const list = (await t.as(who).get("/api/compliance/evidence?pageSize=100")).json().data;
      expect(list.map((e: { id: string }) => e.id)).not.toContain(id);
    }
    for (const who of [w.responsible, w.employee, w.admin]) {
      expect((await t.as(who).get(file)).statusCode, who.role).toBe(403);
    }
  });

  it("is accepted or refused with a reason, once, by the enterprise or its SuperResponsibles", async () => {
    const low = (await give(w.supplierUser, insurance("2000000"))).json().data.id as string;
    const refusal = expectError(await review(w.enterpriseUser, low, { decision: "accept" }), 409, "COVER_TOO_LOW");
    expect(refusal.details).toEqual({ minimumCover: 5_000_000, coverAmount: 2_000_000 });
    expectFields(await review(w.enterpriseUser, low, { decision: "refuse", reason: " " }), {
      reason: V.descriptionRequired,
    });
    const refused = await review(w.superResponsible, low, { decision: "refuse", reason: "Cover below 5 M." });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ status: "refused", refusalReason: "Cover below 5 M." });
    expectError(await review(w.enterpriseUser, low, { decision: "accept" }), 409, "CONFLICT");

    const good = (await give(w.supplierUser, insurance())).json().data.id as string;
    expectError(await review(w.supplierUser, good, { decision: "accept" }), 403, "FORBIDDEN");
    expectError(await review(w.responsible, good, { decision: "accept" }), 403, "FORBIDDEN");
    expectError(await review(w.otherTenant.enterpriseUser, good, { decision: "accept" }), 404, "NOT_FOUND");
    // Two reviewers at once: one wins, the other is told it was already reviewed.
    const answers = await Promise.all([
      review(w.enterpriseUser, good, { decision: "accept" }),
      review(w.superResponsible, good, { decision: "refuse", reason: "Unreadable" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.ctx.pool.query("SELECT action FROM audit_log WHERE object_id = $1 ORDER BY at", [good]);
    expect(rows.map((r) => r.action)).toHaveLength(2);
  });

  it("counts once accepted: a worker's certificate turns their card's line from pending to valid", async () => {
    const id = (await give(w.supplierUser, training(w.employee.id))).json().data.id as string;
    const lineOf = async () => {
      const card = (await t.as(w.supplierUser).get(`/api/workers/${w.employee.id}/card`)).json().data;
      const [enterprise] = card.enterprises.filter((e: { enterpriseId: string }) => e.enterpriseId === w.enterprise.id);
      return enterprise.lines.find((l: { requirementName: string }) => l.requirementName === "Hot-work training");
    };
    expect((await lineOf()).standing).toBe("pending");
    expect((await review(w.enterpriseUser, id, { decision: "accept" })).statusCode).toBe(200);
    expect((await lineOf()).standing).toBe("valid");
  });

  it("is withdrawn by its supplier while pending, its file with it; reviewed evidence is kept", async () => {
    const id = (await give(w.supplierUser, insurance())).json().data.id as string;
    const before = storedFiles();
    expect((await t.as(w.otherSupplier.supplierUser).del(`/api/compliance/evidence/${id}`)).statusCode).toBe(404);
    expect((await t.as(w.supplierUser).del(`/api/compliance/evidence/${id}`)).statusCode).toBe(204);
    expect((await t.as(w.enterpriseUser).get(`/api/compliance/evidence/${id}/file`)).statusCode).toBe(404);
    expect(storedFiles()).toHaveLength(before.length - 1);
    const kept = (await give(w.supplierUser, insurance())).json().data.id as string;
    await review(w.enterpriseUser, kept, { decision: "accept" });
    expectError(await t.as(w.supplierUser).del(`/api/compliance/evidence/${kept}`), 409, "CONFLICT");
  });

  it("takes an image scan as well as a PDF", async () => {
    const scan = { data: png(20, 20), filename: "scan.png", type: "image/png" };
    const given = await give(w.supplierUser, insurance(), scan);
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data.file).toMatchObject({ type: "image/png", name: "Liability insurance.png" });
  });
});
