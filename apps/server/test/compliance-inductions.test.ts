import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceRequirements } from "../src/db/schema";
import { inductionUntil } from "../src/modules/compliance/inductions.service";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { createUser } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// Site inductions (docs/safety.md, "Contractor compliance"): recorded by the principal's staff as accepted evidence.
let t: TTestApp;
let w: TPermitWorld;
let induction: string;
const HOUR = 3_600_000;
// A day already begun in every time zone (two UTC days ago): "today" in UTC is still tomorrow west of it, where an
// induction recorded on it would not count yet (compliance dates take the safe side of every zone).
const today = () => new Date(Date.now() - 48 * HOUR).toISOString().slice(0, 10);

async function requirement(enterpriseId: string, values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId, kind: "induction", name: `R-${Math.random()}`, ...values })
    .returning();
  return row!.id;
}
const evidenceOf = async (workerId: string) =>
  (
    await t.ctx.pool.query(
      "SELECT status, valid_from::text, valid_until::text, submitted_by, reviewed_by, file_id FROM compliance_evidence WHERE worker_id = $1 ORDER BY submitted_at",
      [workerId],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  induction = await requirement(w.enterprise.id, { name: "Site induction", requiredOfAll: true, validityDays: 365 });
});
afterAll(async () => t.close());

describe("the last valid day of an induction", () => {
  it("is the requirement's validity from the induction day, the last day included, and never beyond it", () => {
    expect(inductionUntil("2026-01-01", undefined, 365)).toBe("2026-12-31");
    expect(inductionUntil("2026-01-01", "2026-06-30", 365)).toBe("2026-06-30");
    expect(inductionUntil("2026-01-01", "2027-06-30", 365)).toBe("2026-12-31");
    expect(inductionUntil("2026-01-01", null, null)).toBeNull();
    expect(inductionUntil("2026-01-01", "2030-01-01", null)).toBe("2030-01-01");
  });
});

describe("recording a site induction", () => {
  it("lets the principal's staff record it for a contractor's worker, accepted at once and audited", async () => {
    const on = "2026-01-10";
    const res = await t.as(w.responsible).post("/api/compliance/inductions", {
      requirementId: induction,
      workerId: w.supplierUser.id,
      inductedOn: on,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      contractor: { id: w.supplier.id },
      worker: { id: w.supplierUser.id },
      requirement: { id: induction, kind: "induction", requiredOfAll: true },
    });
    expect(await evidenceOf(w.supplierUser.id)).toEqual([
      {
        status: "accepted",
        valid_from: on,
        valid_until: "2027-01-09",
        submitted_by: w.responsible.id,
        reviewed_by: w.responsible.id,
        file_id: null,
      },
    ]);
    const audit = await t.ctx.pool.query(
      "SELECT action, object_type FROM audit_log WHERE enterprise_id = $1 AND action = 'complianceInduction.recorded'",
      [w.enterprise.id],
    );
    expect(audit.rows).toEqual([{ action: "complianceInduction.recorded", object_type: "complianceEvidence" }]);
    for (const person of [w.enterpriseUser, w.superResponsible]) {
      const again = await t.as(person).post("/api/compliance/inductions", {
        requirementId: induction,
        workerId: w.otherSupplier.employee.id,
        inductedOn: today(),
        validUntil: "2099-01-01",
      });
      expect(again.statusCode, again.body).toBe(201);
      // Capped to the requirement's validity.
      expect(again.json().data.standing).toBe("valid");
    }
  });

  it("lets the worker's crew start once recorded", async () => {
    const created = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds: [] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const now = new Date();
    await putInStatus(t.ctx, id, "accepted", {
      startAt: new Date(now.getTime() - HOUR),
      endAt: new Date(now.getTime() + 8 * HOUR),
    });
    const refused = expectError(
      await t.as(w.employee).post(`/api/permits/${id}/start`, undefined),
      409,
      "CREW_NOT_COMPLIANT",
    );
    expect(refused.gaps).toEqual([expect.objectContaining({ requirement: "Site induction", standing: "missing" })]);
    const recorded = await t.as(w.superResponsible).post("/api/compliance/inductions", {
      requirementId: induction,
      workerId: w.employee.id,
      inductedOn: today(),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const started = await t.as(w.employee).post(`/api/permits/${id}/start`, undefined);
    expect(started.statusCode, started.body).toBe(200);
  });

  it("refuses a bad day, a day to come, a requirement that is not an enabled induction", async () => {
    const as = t.as(w.enterpriseUser);
    const body = { requirementId: induction, workerId: w.supplierUser.id, inductedOn: "2026-01-10" };
    expectFields(await as.post("/api/compliance/inductions", { ...body, inductedOn: "2026-02-30" }), {
      inductedOn: "invalidValue",
    });
    expectFields(await as.post("/api/compliance/inductions", { ...body, inductedOn: "1999-12-31" }), {
      inductedOn: "dateOutOfRange",
    });
    expectFields(await as.post("/api/compliance/inductions", { ...body, validUntil: "2026-01-09" }), {
      validUntil: "dateRangeOrder",
    });
    const future = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    expectFields(await as.post("/api/compliance/inductions", { ...body, inductedOn: future }), {
      inductedOn: "inductionInFuture",
    });
    const competence = await requirement(w.enterprise.id, { kind: "competence" });
    const disabled = await requirement(w.enterprise.id, { disabledAt: new Date() });
    for (const requirementId of [competence, disabled]) {
      expectFields(await as.post("/api/compliance/inductions", { ...body, requirementId }), {
        requirementId: "invalidValue",
      });
    }
  });

  it("knows no worker outside the enterprise's contractors now, nor another tenant's requirement (404)", async () => {
    const as = t.as(w.enterpriseUser);
    const body = { requirementId: induction, inductedOn: "2026-01-10" };
    const stranger = await createSupplierWithPeople(t.ctx);
    const detached = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, w.enterprise.id, detached.supplier.id, "detached");
    const disabledWorker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id }, "disabled");
    for (const workerId of [stranger.employee.id, detached.employee.id, disabledWorker.id, w.responsible.id]) {
      expectError(await as.post("/api/compliance/inductions", { ...body, workerId }), 404, "NOT_FOUND");
    }
    const theirs = await requirement(w.otherTenant.enterprise.id, { name: "Their induction" });
    expectError(
      await as.post("/api/compliance/inductions", { ...body, requirementId: theirs, workerId: w.employee.id }),
      404,
      "NOT_FOUND",
    );
    // Their staff cannot induct our contractor's worker either.
    expectError(
      await t
        .as(w.otherTenant.enterpriseUser)
        .post("/api/compliance/inductions", { ...body, requirementId: theirs, workerId: w.employee.id }),
      404,
      "NOT_FOUND",
    );
  });

  it("is refused to the contractors and the admin", async () => {
    const body = { requirementId: induction, workerId: w.employee.id, inductedOn: "2026-01-10" };
    for (const person of [w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).post("/api/compliance/inductions", body), 403, "FORBIDDEN");
    }
  });
});
