import type { TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements, permits, workTypeRequirements } from "../src/db/schema";
import { schedulerNotices } from "../src/modules/notifications";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { affiliationStatus, createSupplierWithPeople } from "./helpers/affiliations";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import {
  completeDraft,
  createPermitWorld,
  notifiedOf,
  putInStatus,
  SIGNED,
  signOnStraight,
  statusOf,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The compliance gates (docs/safety.md, "Contractor compliance"): affiliation and send need the company's required
// documents, start and sign-on the crew's competences and inductions; each refusal names who lacks what.
let t: TTestApp;
let w: TPermitWorld;
let welder: TPerson;
const HOUR = 3_600_000;

async function requirement(values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: w.enterprise.id, kind: "document", name: "x", ...values })
    .returning();
  return row!;
}
const disable = (id: string) =>
  t.ctx.db.update(complianceRequirements).set({ disabledAt: new Date() }).where(eq(complianceRequirements.id, id));
/** Evidence accepted (or as given) straight in the table: the review API is tested on its own. */
async function evidence(values: Partial<typeof complianceEvidence.$inferInsert>) {
  const status = values.status ?? "accepted";
  await t.ctx.db.insert(complianceEvidence).values({
    enterpriseId: w.enterprise.id,
    requirementId: "",
    validFrom: "2020-01-01",
    status,
    reviewedAt: status === "pending" ? null : new Date(),
    refusalReason: status === "refused" ? "Unreadable" : null,
    ...values,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  welder = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  await t.ctx.pool.query("UPDATE users SET name = 'Wendy Welder' WHERE id = $1", [welder.id]);
  await t.ctx.pool.query("UPDATE users SET name = 'Eric Employee' WHERE id = $1", [w.employee.id]);
});
afterAll(async () => t.close());

describe("company documents", () => {
  let insurance: string;
  beforeAll(async () => {
    insurance = (await requirement({ name: "Liability insurance", requiredOfAll: true })).id;
    // Not required of all: never a gate.
    await requirement({ name: "Quality charter" });
  });
  afterAll(async () => disable(insurance));

  it("keep a contractor's request from being approved, naming what is missing, until they are given", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const asked = await t.as(s.supplierUser).post("/api/affiliations/requests", { enterpriseId: w.enterprise.id });
    expect(asked.statusCode, asked.body).toBe(201);
    const demandId = asked.json().data.id as string;
    const refused = expectError(
      await t.as(w.enterpriseUser).post(`/api/demands/${demandId}/approve`, undefined),
      409,
      "COMPLIANCE_DOCUMENTS_MISSING",
    );
    expect(refused.gaps).toEqual([{ person: null, requirement: "Liability insurance", standing: "missing" }]);
    expect(await affiliationStatus(t.ctx, w.enterprise.id, s.supplier.id)).toBe("requested");
    // The request, as the enterprise and the supplier read it, says what is missing (the page and the one demand).
    const missing = [{ person: null, requirement: "Liability insurance", standing: "missing" }];
    const page = (await t.as(w.enterpriseUser).get("/api/demands?waiting=true")).json().data;
    expect(page.find((d: { id: string }) => d.id === demandId).missingDocuments).toEqual(missing);
    expect((await t.as(s.supplierUser).get(`/api/demands/${demandId}`)).json().data.missingDocuments).toEqual(missing);
    // Another enterprise never sees this one's requests.
    expect((await t.as(w.otherTenant.enterpriseUser).get(`/api/demands/${demandId}`)).statusCode).toBe(404);
    // Refused, then expired: still missing as such.
    await evidence({ requirementId: insurance, supplierId: s.supplier.id, status: "refused" });
    const again = await t.as(w.enterpriseUser).post(`/api/demands/${demandId}/approve`, undefined);
    expect(expectError(again, 409, "COMPLIANCE_DOCUMENTS_MISSING").gaps?.[0]?.standing).toBe("refused");
    await evidence({ requirementId: insurance, supplierId: s.supplier.id, validUntil: "2099-12-31" });
    expect((await t.as(w.enterpriseUser).post(`/api/demands/${demandId}/approve`, undefined)).statusCode).toBe(200);
    expect(await affiliationStatus(t.ctx, w.enterprise.id, s.supplier.id)).toBe("affiliated");
    // Decided: nothing is shown missing any more.
    expect((await t.as(s.supplierUser).get(`/api/demands/${demandId}`)).json().data.missingDocuments).toEqual([]);
  });

  it("keep a supplier from accepting an invitation while they are missing", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const invited = await t.as(w.enterpriseUser).post("/api/affiliations/invitations", { email: s.supplierUser.email });
    expect(invited.statusCode, invited.body).toBe(201);
    const demandId = invited.json().data.demand.id as string;
    const refused = await t.as(s.supplierUser).post(`/api/demands/${demandId}/approve`, undefined);
    expectError(refused, 409, "COMPLIANCE_DOCUMENTS_MISSING");
    await evidence({ requirementId: insurance, supplierId: s.supplier.id });
    expect((await t.as(s.supplierUser).post(`/api/demands/${demandId}/approve`, undefined)).statusCode).toBe(200);
  });

  it("keep a permit from being sent while the contractor's has expired", async () => {
    await evidence({ requirementId: insurance, supplierId: w.supplier.id, validUntil: "2021-01-01" });
    const created = await t.as(w.employee).post("/api/permits", completeDraft(w));
    const id = created.json().data.id as string;
    const refused = expectError(
      await t.as(w.employee).post(`/api/permits/${id}/send`, undefined),
      409,
      "COMPLIANCE_DOCUMENTS_MISSING",
    );
    expect(refused.gaps).toEqual([{ person: null, requirement: "Liability insurance", standing: "expired" }]);
    expect(await statusOf(t.ctx, id)).toBe("pending");
    // Another contractor's documents are not this one's.
    await evidence({ requirementId: insurance, supplierId: w.otherSupplier.supplier.id, validUntil: "2099-12-31" });
    expectError(await t.as(w.employee).post(`/api/permits/${id}/send`, undefined), 409, "COMPLIANCE_DOCUMENTS_MISSING");
    await evidence({ requirementId: insurance, supplierId: w.supplier.id, validUntil: "2099-12-31" });
    const sent = await t.as(w.employee).post(`/api/permits/${id}/send`, undefined);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe("a crew's competences", () => {
  let training: string;
  let fireWatch: string;
  beforeAll(async () => {
    training = (await requirement({ kind: "competence", name: "Hot-work training", validityDays: 365 })).id;
    fireWatch = (await requirement({ kind: "competence", name: "Fire watch" })).id;
    await t.ctx.db.insert(workTypeRequirements).values([
      { workTypeId: w.workType.id, requirementId: training },
      { workTypeId: w.workType.id, requirementId: fireWatch, rule: "one_worker" },
    ]);
  });
  afterAll(async () => {
    await disable(training);
    await disable(fireWatch);
  });

  /** A permit of the employee, its window open around `now`, in `status` with its creator signed on. */
  async function permitIn(status: TPermitStatus, now = new Date(), crewIds: string[] = []) {
    const created = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    await putInStatus(t.ctx, id, status, {
      startAt: new Date(now.getTime() - HOUR),
      endAt: new Date(now.getTime() + 8 * HOUR),
    });
    return id;
  }
  const signOffAll = () =>
    t.ctx.pool.query(
      "UPDATE permit_crew_sign_ons SET signed_off_at = now(), signed_off_by = worker_id WHERE signed_off_at IS NULL",
    );

  it("keep the work from starting, naming who lacks what, until the crew holds them", async () => {
    await signOffAll();
    const id = await permitIn("accepted");
    const refused = expectError(
      await t.as(w.employee).post(`/api/permits/${id}/start`, undefined),
      409,
      "CREW_NOT_COMPLIANT",
    );
    expect(refused.gaps).toEqual([
      { person: null, requirement: "Fire watch", standing: "missing" },
      { person: "Eric Employee", requirement: "Hot-work training", standing: "missing" },
    ]);
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await evidence({ requirementId: training, workerId: w.employee.id, validUntil: "2099-12-31" });
    await evidence({ requirementId: fireWatch, workerId: w.employee.id, status: "pending" });
    const pending = await t.as(w.employee).post(`/api/permits/${id}/start`, undefined);
    expect(expectError(pending, 409, "CREW_NOT_COMPLIANT").gaps).toEqual([
      { person: null, requirement: "Fire watch", standing: "missing" },
    ]);
    await evidence({ requirementId: fireWatch, workerId: w.employee.id });
    const started = await t.as(w.employee).post(`/api/permits/${id}/start`, undefined);
    expect(started.statusCode, started.body).toBe(200);
  });

  it("refuse signing on a worker who lacks one, with the same answer", async () => {
    await signOffAll();
    const id = await permitIn("accepted", new Date(), [w.employee.id, welder.id]);
    await evidence({ requirementId: training, workerId: welder.id, validUntil: "2021-06-30" });
    const refused = expectError(
      await t.as(w.employee).post(`/api/permits/${id}/crew/${welder.id}/sign-on`, { declaration: true }),
      409,
      "CREW_NOT_COMPLIANT",
    );
    // The one-worker requirement is the crew's, judged at the start: not this worker's to hold.
    expect(refused.gaps).toEqual([{ person: "Wendy Welder", requirement: "Hot-work training", standing: "expired" }]);
    await evidence({ requirementId: training, workerId: welder.id, validUntil: "2099-12-31" });
    const signed = await t.as(w.employee).post(`/api/permits/${id}/crew/${welder.id}/sign-on`, { declaration: true });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it("keep the scheduler from starting a permit whose crew does not comply", async () => {
    await signOffAll();
    const now = new Date();
    const id = await permitIn("accepted", now);
    // The creator holds both; a second worker signed on without the training holds the permit back.
    const late = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
    await signOnStraight(t.ctx, id, late.id);
    expect((await runPermitScheduler(t.ctx, now)).started).not.toContain(id);
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await evidence({ requirementId: training, workerId: late.id, validUntil: "2099-12-31" });
    expect((await runPermitScheduler(t.ctx, new Date(now.getTime() + 60_000))).started).toContain(id);
  });

  it("flag a permit in progress whose crew's item expires during the work, telling its people once; it cannot resume until renewed", async () => {
    await signOffAll();
    const now = new Date();
    const id = await permitIn("In_progress", now);
    const lapsedOf = async () =>
      (
        await t.ctx.db
          .select({ at: permits.complianceLapsedAt, what: permits.complianceLapse })
          .from(permits)
          .where(eq(permits.id, id))
      )[0]!;
    const notices = schedulerNotices(t.ctx);
    // The creator holds both today (above): nothing lapsed.
    expect((await runPermitScheduler(t.ctx, now, notices)).complianceLapsed).not.toContain(id);
    // Its training's last accepted one ends; the renewal is refused: the next day's run flags it.
    await t.ctx.pool.query("DELETE FROM compliance_evidence WHERE worker_id = $1 AND requirement_id = $2", [
      w.employee.id,
      training,
    ]);
    await evidence({ requirementId: training, workerId: w.employee.id, validUntil: "2021-01-01" });
    const run = await runPermitScheduler(t.ctx, new Date(now.getTime() + 60_000), notices);
    expect(run.complianceLapsed).toContain(id);
    expect((await lapsedOf()).what).toEqual([
      { person: "Eric Employee", requirement: "Hot-work training", standing: "expired" },
    ]);
    const told = await notifiedOf(t.ctx, "permit.complianceLapsed", id);
    expect(told).toContain(w.employee.id);
    expect(told).toContain(w.verifier.id);
    // Once: the next runs tell nobody again.
    expect(
      (await runPermitScheduler(t.ctx, new Date(now.getTime() + 120_000), notices)).complianceLapsed,
    ).not.toContain(id);
    expect(await notifiedOf(t.ctx, "permit.complianceLapsed", id)).toEqual(told);
    // The holder suspends it; a manager cannot resume it while the lapse lasts, then can once it is renewed.
    const suspended = await t.as(w.employee).post(`/api/permits/${id}/suspend`, { remark: "Training expired" });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const resume = () => t.as(w.verifier).post(`/api/permits/${id}/resume`, SIGNED);
    expect(expectError(await resume(), 409, "CREW_NOT_COMPLIANT").gaps).toEqual([
      { person: "Eric Employee", requirement: "Hot-work training", standing: "expired" },
    ]);
    await evidence({ requirementId: training, workerId: w.employee.id, validUntil: "2099-12-31" });
    const resumed = await resume();
    expect(resumed.statusCode, resumed.body).toBe(200);
  });
});
