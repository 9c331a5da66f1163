import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence } from "../src/db/schema";
import { expectError, expectFields } from "./helpers/http";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const insurance = { kind: "document", name: "Liability insurance", validityDays: 365, minimumCover: 1_000_000 };

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

const auditActions = async () =>
  (
    await t.ctx.pool.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE enterprise_id = $1 AND action LIKE 'compliance%' ORDER BY seq",
      [w.enterprise.id],
    )
  ).rows.map((row) => row.action);

describe("the enterprise's compliance requirements", () => {
  it("are added, listed (documents first), changed and deleted by the Enterprise, each write audited", async () => {
    const as = t.as(w.enterpriseUser);
    const created = await as.post("/api/compliance/requirements", insurance);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({ ...insurance, requiredOfAll: false, enabled: true, used: false });
    const training = await as.post("/api/compliance/requirements", {
      kind: "competence",
      name: "Hot-work training",
      requiredOfAll: true,
    });
    expect(training.json().data).toMatchObject({ validityDays: null, minimumCover: null, requiredOfAll: true });
    const listed = (await as.get("/api/compliance/requirements")).json().data;
    expect(listed.map((q: { name: string }) => q.name)).toEqual(["Liability insurance", "Hot-work training"]);
    const changed = await as.put(`/api/compliance/requirements/${id}`, { ...insurance, minimumCover: 2_000_000 });
    expect(changed.json().data).toMatchObject({ minimumCover: 2_000_000 });
    const disabled = await as.put(`/api/compliance/requirements/${id}`, { ...insurance, enabled: false });
    expect(disabled.json().data.enabled).toBe(false);
    expect((await as.del(`/api/compliance/requirements/${id}`)).statusCode).toBe(204);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        "complianceRequirement.created",
        "complianceRequirement.changed",
        "complianceRequirement.deleted",
      ]),
    );
  });

  it("refuse a bad input field by field, a name already used, a cover on anything but a document", async () => {
    const as = t.as(w.enterpriseUser);
    expectFields(await as.post("/api/compliance/requirements", { kind: "document", name: " " }), {
      name: "nameRequired",
    });
    expectFields(await as.post("/api/compliance/requirements", { kind: "competence", name: "X", minimumCover: 5 }), {
      minimumCover: "coverOnlyForDocuments",
    });
    expectFields(await as.post("/api/compliance/requirements", { kind: "document", name: "X", validityDays: 0 }), {
      validityDays: "outOfRange",
    });
    expect(
      (await as.post("/api/compliance/requirements", { kind: "induction", name: "Site induction" })).statusCode,
    ).toBe(201);
    const taken = await as.post("/api/compliance/requirements", { kind: "induction", name: "site INDUCTION" });
    expect(expectError(taken, 409, "CONFLICT").fields).toEqual({ name: "duplicateValue" });
  });

  it("one evidence names is disabled, never deleted, and keeps its kind (409 REQUIREMENT_IN_USE)", async () => {
    const as = t.as(w.enterpriseUser);
    const body = { kind: "document", name: "Safety certificate" };
    const id = (await as.post("/api/compliance/requirements", body)).json().data.id as string;
    await t.ctx.db.insert(complianceEvidence).values({
      enterpriseId: w.enterprise.id,
      requirementId: id,
      supplierId: w.supplier.id,
      validFrom: "2026-01-01",
    });
    expect(
      (await as.get("/api/compliance/requirements")).json().data.find((q: { id: string }) => q.id === id).used,
    ).toBe(true);
    expectError(await as.del(`/api/compliance/requirements/${id}`), 409, "REQUIREMENT_IN_USE");
    expectError(
      await as.put(`/api/compliance/requirements/${id}`, { ...body, kind: "competence" }),
      409,
      "REQUIREMENT_IN_USE",
    );
    const disabled = await as.put(`/api/compliance/requirements/${id}`, { ...body, enabled: false });
    expect(disabled.json().data).toMatchObject({ enabled: false, used: true });
  });

  it("are read by SuperResponsibles, set by the Enterprise alone; another tenant's are invisible", async () => {
    const id = (
      await t.as(w.enterpriseUser).post("/api/compliance/requirements", { kind: "competence", name: "First aid" })
    ).json().data.id as string;
    const read = await t.as(w.superResponsible).get("/api/compliance/requirements");
    expect(read.statusCode, read.body).toBe(200);
    expect((await t.as(w.superResponsible).get("/api/compliance/reminders")).statusCode).toBe(200);
    const body = { kind: "competence", name: "Rigging" };
    for (const person of [w.superResponsible, w.verifier, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).post("/api/compliance/requirements", body), 403, "FORBIDDEN");
      expectError(await t.as(person).put(`/api/compliance/requirements/${id}`, body), 403, "FORBIDDEN");
      expectError(await t.as(person).del(`/api/compliance/requirements/${id}`), 403, "FORBIDDEN");
      expectError(await t.as(person).put("/api/compliance/reminders", { first: 20, second: 5 }), 403, "FORBIDDEN");
    }
    for (const person of [w.verifier, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get("/api/compliance/requirements"), 403, "FORBIDDEN");
      expectError(await t.as(person).get("/api/compliance/reminders"), 403, "FORBIDDEN");
    }
    const other = t.as(w.otherTenant.enterpriseUser);
    expect((await other.get("/api/compliance/requirements")).json().data).toEqual([]);
    expectError(await other.put(`/api/compliance/requirements/${id}`, body), 404, "NOT_FOUND");
    expectError(await other.del(`/api/compliance/requirements/${id}`), 404, "NOT_FOUND");
  });
});

describe("the enterprise's expiry reminders", () => {
  it("default to 30 and 7 days; the second comes after the first or not at all", async () => {
    const as = t.as(w.enterpriseUser);
    expect((await as.get("/api/compliance/reminders")).json().data).toEqual({ first: 30, second: 7 });
    expectFields(await as.put("/api/compliance/reminders", { first: 10, second: 10 }), { second: "reminderOrder" });
    expectFields(await as.put("/api/compliance/reminders", { first: 0, second: null }), { first: "outOfRange" });
    const set = await as.put("/api/compliance/reminders", { first: 45, second: null });
    expect(set.json().data).toEqual({ first: 45, second: null });
    expect((await as.get("/api/compliance/reminders")).json().data).toEqual({ first: 45, second: null });
    expect(await auditActions()).toContain("complianceReminders.changed");
    // Another tenant's enterprise keeps its own.
    expect((await t.as(w.otherTenant.enterpriseUser).get("/api/compliance/reminders")).json().data).toEqual({
      first: 30,
      second: 7,
    });
  });
});

describe("what a work type needs of its crews", () => {
  it("is set by the Enterprise from its enabled worker requirements, each of every member or of one", async () => {
    const as = t.as(w.enterpriseUser);
    const add = async (kind: string, name: string, enabled = true) =>
      (await as.post("/api/compliance/requirements", { kind, name, enabled })).json().data.id as string;
    const entry = await add("competence", "Confined entry");
    const attendant = await add("competence", "Rescue attendant");
    const insuranceId = await add("document", "Motor insurance");
    const retired = await add("competence", "Old training", false);
    const url = `/api/work-types/${w.workType.id}/compliance`;
    const set = await as.put(url, {
      requirements: [{ requirementId: entry }, { requirementId: attendant, rule: "one_worker" }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.requirements).toEqual([
      { requirementId: entry, name: "Confined entry", kind: "competence", rule: "every_worker" },
      { requirementId: attendant, name: "Rescue attendant", kind: "competence", rule: "one_worker" },
    ]);
    expect((await t.as(w.superResponsible).get(url)).json().data).toEqual(set.json().data);
    expect(await auditActions()).toContain("complianceRequirement.workTypeChanged");
    // A document, a disabled one, another tenant's, or one named twice: refused whole.
    const foreign = (
      await t.as(w.otherTenant.enterpriseUser).post("/api/compliance/requirements", { kind: "competence", name: "Z" })
    ).json().data.id as string;
    for (const requirementId of [insuranceId, retired, foreign]) {
      expectFields(await as.put(url, { requirements: [{ requirementId }] }), { requirements: "invalidValue" });
    }
    expectFields(await as.put(url, { requirements: [{ requirementId: entry }, { requirementId: entry }] }), {
      requirements: "duplicateValue",
    });
    expect((await as.get(url)).json().data.requirements).toHaveLength(2);
    expect((await as.put(url, { requirements: [] })).json().data.requirements).toEqual([]);
  });

  it("is the Enterprise's to set; another tenant's work type is invisible", async () => {
    const url = `/api/work-types/${w.workType.id}/compliance`;
    for (const person of [w.superResponsible, w.verifier, w.supplierUser, w.employee]) {
      expectError(await t.as(person).put(url, { requirements: [] }), 403, "FORBIDDEN");
    }
    for (const person of [w.verifier, w.supplierUser, w.employee]) {
      expectError(await t.as(person).get(url), 403, "FORBIDDEN");
    }
    expectError(await t.as(w.otherTenant.enterpriseUser).get(url), 404, "NOT_FOUND");
    expectError(await t.as(w.otherTenant.enterpriseUser).put(url, { requirements: [] }), 404, "NOT_FOUND");
  });
});
