import { DEFAULT_GASES, type TGas, type TPermitStatus } from "@openpermit/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schedulerNotices } from "../src/modules/notifications";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { pdfText } from "./helpers/pdf";
import {
  actionBody,
  completeDraft,
  createPermitWorld,
  putInStatus,
  statusOf,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
let gases: TGas[];
let worker: TPerson;
const HOUR = 3_600_000;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  worker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  const required = await t.as(w.enterpriseUser).patch(`/api/work-types/${w.workType.id}`, {
    gasTestRequired: true,
    gasRetestMinutes: 60,
  });
  expect(required.statusCode, required.body).toBe(200);
  gases = (await t.as(w.enterpriseUser).get("/api/gases")).json().data;
});
afterAll(async () => t.close());
// A worker is on one live permit at a time: each test starts with nobody signed on.
beforeEach(async () => {
  await t.ctx.pool.query(
    "UPDATE permit_crew_sign_ons SET signed_off_at = now(), signed_off_by = worker_id WHERE signed_off_at IS NULL",
  );
});

/** A permit of the employee (its work type requires a gas test) put straight into `status`, its window open now. */
async function permitIn(status: TPermitStatus, fields: Record<string, unknown> = {}) {
  const created = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds: [worker.id] }));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const window = { startAt: new Date(Date.now() - HOUR), endAt: new Date(Date.now() + 8 * HOUR) };
  await putInStatus(t.ctx, id, status, { ...window, verifiedBy: w.verifier.id, approvedBy: w.approver.id, ...fields });
  return id;
}
const gasNamed = (name: string) => gases.find((g) => g.name === name)!;
/** The readings of a test: every enabled gas at a safe value, but those given. */
function readings(values: Record<string, number> = {}) {
  const safe: Record<string, number> = { "O₂": 20.9, Flammables: 0, "H₂S": 0, CO: 0 };
  return gases.filter((g) => g.enabled).map((g) => ({ gasId: g.id, value: values[g.name] ?? safe[g.name] ?? 0 }));
}
const testBody = (values: Record<string, number> = {}) => ({
  instrumentId: "GX-2009 #41",
  calibratedOn: today(),
  readings: readings(values),
});
const record = (id: string, by: TPerson = w.employee, body: unknown = testBody()) =>
  t.as(by).post(`/api/permits/${id}/gas-tests`, body);
const read = async (id: string, by: TPerson = w.employee) => (await t.as(by).get(`/api/permits/${id}`)).json().data;
const start = (id: string, by: TPerson = w.employee) => t.as(by).post(`/api/permits/${id}/start`, undefined);
const told = async (kind: string, permitId: string) =>
  (
    await t.ctx.pool.query<{ user_id: string }>(
      "SELECT user_id FROM notifications WHERE kind = $1 AND link LIKE '%/' || $2",
      [kind, permitId],
    )
  ).rows.map((r) => r.user_id);
/** Moves the permit's tests and warnings `minutes` into the past (as if that much time had passed since). */
async function age(id: string, minutes: number) {
  const back = (column: string) => `${column} = ${column} - $2 * interval '1 minute'`;
  await t.ctx.pool.query(`UPDATE permits SET ${back("gas_tested_at")}, ${back("gas_retest_warned_at")} WHERE id = $1`, [
    id,
    minutes,
  ]);
  await t.ctx.pool.query(`UPDATE gas_tests SET ${back("tested_at")} WHERE permit_id = $1`, [id, minutes]);
}

describe("the enterprise's gases", () => {
  it("start as the four defaults with the usual limits (docs/safety.md), for every enterprise", async () => {
    expect(gases.map(({ name, unit, lowLimit, highLimit }) => ({ name, unit, lowLimit, highLimit }))).toEqual(
      DEFAULT_GASES.map((g) => ({ ...g })),
    );
    const other = (await t.as(w.otherTenant.enterpriseUser).get("/api/gases")).json().data as TGas[];
    expect(other.map((g) => g.name)).toEqual(DEFAULT_GASES.map((g) => g.name));
    expect(other.map((g) => g.id)).not.toContain(gases[0]!.id);
  });

  it("are added, edited, disabled by the Enterprise; deleted only while no test read them", async () => {
    const added = await t.as(w.enterpriseUser).post("/api/gases", { name: "NH₃", unit: "ppm", highLimit: 25 });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as string;
    expectFields(await t.as(w.enterpriseUser).post("/api/gases", { name: "Bad", unit: "ppm" }), {
      lowLimit: "gasLimitRequired",
    });
    expectFields(
      await t.as(w.enterpriseUser).post("/api/gases", { name: "Bad", unit: "%", lowLimit: 5, highLimit: 5 }),
      { highLimit: "gasLimitsOrder" },
    );
    const taken = await t.as(w.enterpriseUser).post("/api/gases", { name: "nh₃", unit: "ppm", highLimit: 1 });
    expect(expectError(taken, 409, "CONFLICT").fields).toEqual({ name: "duplicateValue" });
    const edited = await t.as(w.enterpriseUser).put(`/api/gases/${id}`, {
      name: "NH₃",
      unit: "ppm",
      highLimit: 20,
      enabled: false,
    });
    expect(edited.json().data).toMatchObject({ highLimit: 20, enabled: false, used: false });
    expect((await t.as(w.enterpriseUser).del(`/api/gases/${id}`)).statusCode).toBe(204);
    // A gas a test read stays (disable it instead).
    const permit = await permitIn("accepted");
    expect((await record(permit)).statusCode).toBe(201);
    expectError(await t.as(w.enterpriseUser).del(`/api/gases/${gases[0]!.id}`), 409, "GAS_IN_USE");
  });

  it("are the Enterprise's alone (403 to the others) and another tenant's are invisible (404)", async () => {
    for (const person of [w.superResponsible, w.verifier, w.supplierUser, w.employee]) {
      expectError(await t.as(person).get("/api/gases"), 403, "FORBIDDEN");
      expectError(await t.as(person).post("/api/gases", { name: "X", unit: "%", highLimit: 1 }), 403, "FORBIDDEN");
    }
    const body = { name: "O₂", unit: "%", lowLimit: 1, highLimit: 2 };
    expectError(await t.as(w.otherTenant.enterpriseUser).put(`/api/gases/${gases[0]!.id}`, body), 404, "NOT_FOUND");
    expectError(await t.as(w.otherTenant.enterpriseUser).del(`/api/gases/${gases[1]!.id}`), 404, "NOT_FOUND");
  });
});

describe("a work type's gas-test fields", () => {
  it("say whether a test is required and its re-test interval (15 min to a day)", async () => {
    const read = (await t.as(w.enterpriseUser).get(`/api/work-types/${w.workType.id}`)).json().data;
    expect(read).toMatchObject({ gasTestRequired: true, gasRetestMinutes: 60 });
    expectFields(await t.as(w.enterpriseUser).patch(`/api/work-types/${w.workType.id}`, { gasRetestMinutes: 5 }), {
      gasRetestMinutes: "outOfRange",
    });
  });
});

describe("recording a gas test", () => {
  it("is the holder's side's and the sector's managers', on a live permit (403 to others, 404 to other tenants)", async () => {
    const id = await permitIn("accepted");
    for (const person of [w.employee, w.supplierUser, w.verifier, w.approver]) {
      const recorded = await record(id, person);
      expect(recorded.statusCode, `${person.role}: ${recorded.body}`).toBe(201);
      expect(recorded.json().data.tests[0]).toMatchObject({ passed: true, testedBy: { id: person.id } });
    }
    const bystander = await createUser(t.ctx, "Responsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.division.id,
    });
    for (const person of [w.superResponsible, w.enterpriseUser, bystander]) {
      expectError(await record(id, person), 403, "FORBIDDEN");
    }
    expectError(await record(id, w.otherTenant.responsible), 404, "NOT_FOUND");
    expectError(await t.as(w.otherTenant.responsible).get(`/api/permits/${id}/gas-tests`), 404, "NOT_FOUND");
    // Everyone who sees it reads the tests.
    const tests = await t.as(w.superResponsible).get(`/api/permits/${id}/gas-tests`);
    expect(tests.json().data).toMatchObject({ canRecord: false });
    expect(tests.json().data.tests).toHaveLength(4);
  });

  it("is refused before approval (409) and on a work type requiring none (409)", async () => {
    expectError(await record(await permitIn("sended")), 409, "CONFLICT");
    const id = await permitIn("accepted");
    await t.ctx.pool.query("UPDATE work_types SET gas_test_required = false WHERE id = $1", [w.workType.id]);
    try {
      expectError(await record(id), 409, "CONFLICT");
    } finally {
      await t.ctx.pool.query("UPDATE work_types SET gas_test_required = true WHERE id = $1", [w.workType.id]);
    }
  });

  it("needs the instrument, a calibration neither in the future nor expired, and every enabled gas read once", async () => {
    const id = await permitIn("accepted");
    expectFields(await record(id, w.employee, { ...testBody(), instrumentId: "" }), {
      instrumentId: "instrumentRequired",
    });
    expectFields(await record(id, w.employee, { ...testBody(), calibratedOn: undefined }), {
      calibratedOn: "calibrationRequired",
    });
    const future = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    expectFields(await record(id, w.employee, { ...testBody(), calibratedOn: future }), {
      calibratedOn: "calibrationInFuture",
    });
    expectFields(await record(id, w.employee, { ...testBody(), calibratedOn: "2020-01-01" }), {
      calibratedOn: "calibrationExpired",
    });
    expectFields(await record(id, w.employee, { ...testBody(), readings: readings().slice(1) }), {
      readings: "readingsIncomplete",
    });
    expect((await t.as(w.employee).get(`/api/permits/${id}/gas-tests`)).json().data.tests).toEqual([]);
  });

  it("is judged by the server at the limits' edges, and keeps the limits it was judged against", async () => {
    const id = await permitIn("accepted");
    const judged = async (values: Record<string, number>) => {
      const response = await record(id, w.employee, testBody(values));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.tests[0];
    };
    expect((await judged({ "O₂": 19.5, Flammables: 9.9, "H₂S": 4.9, CO: 24.9 })).passed).toBe(true);
    const low = await judged({ "O₂": 19.4 });
    expect(low.passed).toBe(false);
    expect(low.readings.find((r: { name: string }) => r.name === "O₂")).toMatchObject({
      passed: false,
      lowLimit: 19.5,
    });
    expect((await judged({ Flammables: 10 })).passed).toBe(false);
    expect((await judged({ "H₂S": 5 })).passed).toBe(false);
    expect((await judged({ CO: 25 })).passed).toBe(false);
    // A later change of a limit leaves the tests made before it as they were judged.
    const co = gasNamed("CO");
    await t.as(w.enterpriseUser).put(`/api/gases/${co.id}`, { name: "CO", unit: "ppm", highLimit: 30 });
    try {
      const tests = (await t.as(w.employee).get(`/api/permits/${id}/gas-tests`)).json().data.tests;
      expect(tests[0].readings.find((r: { name: string }) => r.name === "CO")).toMatchObject({
        value: 25,
        highLimit: 25,
        passed: false,
      });
      expect((await judged({ CO: 25 })).passed).toBe(true);
    } finally {
      await t.as(w.enterpriseUser).put(`/api/gases/${co.id}`, { name: "CO", unit: "ppm", highLimit: 25 });
    }
    const events = (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data as { action: string }[];
    expect(events.filter((e) => e.action === "gasTest")).toHaveLength(6);
    const { rows } = await t.ctx.pool.query(
      "SELECT 1 FROM audit_log WHERE action = 'permit.gasTested' AND object_id = $1",
      [id],
    );
    expect(rows).toHaveLength(6);
  });
});

describe("the start and resume gate", () => {
  it("refuses to start without a passing test no older than the interval, and starts with one", async () => {
    const id = await permitIn("accepted");
    expect((await read(id)).gasTest).toMatchObject({ retestMinutes: 60, last: null, overdue: false });
    expect(expectError(await start(id), 409, "GAS_TEST_REQUIRED").fields).toEqual({ gasTest: "gasTestRequired" });
    await record(id, w.employee, testBody({ "H₂S": 8 }));
    expectError(await start(id), 409, "GAS_TEST_REQUIRED");
    await record(id);
    await age(id, 61);
    expectError(await start(id), 409, "GAS_TEST_REQUIRED");
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await record(id);
    const started = await start(id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.gasTest).toMatchObject({ last: { passed: true }, overdue: false });
  });

  it("suspends work in progress on a failing re-test, in the test's transaction, telling everyone on it", async () => {
    const id = await permitIn("In_progress");
    await t.ctx.pool.query(
      "INSERT INTO permit_crew_sign_ons (permit_id, worker_id, signed_on_at, signed_on_by, language, declaration) VALUES ($1, $2, now(), $2, 'en', 'x')",
      [id, worker.id],
    );
    const failed = await record(id, w.verifier, testBody({ "H₂S": 7 }));
    expect(failed.statusCode, failed.body).toBe(201);
    const permit = await read(id);
    expect(permit.suspension).toMatchObject({ by: { id: w.verifier.id } });
    expect(permit.suspension.reason).toBe("Gas test failed: H₂S read 7 ppm (limit < 5 ppm)");
    const events = (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data as { action: string }[];
    expect(events.slice(-2).map((e) => e.action)).toEqual(expect.arrayContaining(["gasTest", "suspend"]));
    const audience = await told("permit.suspended", id);
    expect(audience).toEqual(expect.arrayContaining([worker.id, w.employee.id, w.approver.id]));
    expect(audience).not.toContain(w.verifier.id);
  });

  it("is all or nothing: a suspension that fails leaves no test behind", async () => {
    const id = await permitIn("In_progress");
    await t.ctx.pool.query(`CREATE FUNCTION refuse_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = '${id}' AND NEW.suspended_at IS NOT NULL THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await t.ctx.pool.query(
      "CREATE TRIGGER refuse_suspension BEFORE UPDATE ON permits FOR EACH ROW EXECUTE FUNCTION refuse_suspension()",
    );
    try {
      expect((await record(id, w.verifier, testBody({ CO: 40 }))).statusCode).toBe(500);
    } finally {
      await t.ctx.pool.query("DROP TRIGGER refuse_suspension ON permits; DROP FUNCTION refuse_suspension()");
    }
    expect((await t.as(w.employee).get(`/api/permits/${id}/gas-tests`)).json().data.tests).toEqual([]);
    expect((await read(id)).gasTest.last).toBeNull();
  });

  it("resumes a permit only over a passing recent test", async () => {
    const id = await permitIn("In_progress");
    await record(id, w.verifier, testBody({ "O₂": 18 }));
    expect((await read(id)).suspension).not.toBeNull();
    const resume = () => t.as(w.approver).post(`/api/permits/${id}/resume`, actionBody("resume"));
    expectError(await resume(), 409, "GAS_TEST_REQUIRED");
    expect((await read(id)).suspension).not.toBeNull();
    expect((await record(id, w.employee)).statusCode).toBe(201);
    const resumed = await resume();
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.suspension).toBeNull();
  });

  it("holds for the scheduler's automatic start: never without a passing recent test", async () => {
    const without = await permitIn("accepted");
    const tested = await permitIn("accepted", {});
    // One worker per live permit: the second permit's crew is its creator (putInStatus signs them on).
    await record(tested);
    const run = await runPermitScheduler(t.ctx, new Date());
    expect(run.started).toContain(tested);
    expect(run.started).not.toContain(without);
    expect(await statusOf(t.ctx, without)).toBe("accepted");
  });
});

describe("an overdue re-test", () => {
  it("is flagged on the permit and its list entry, and told once by the scheduler (again after the next test ages)", async () => {
    const id = await permitIn("In_progress");
    await record(id);
    expect((await read(id)).gasTest.overdue).toBe(false);
    await age(id, 61);
    expect((await read(id)).gasTest.overdue).toBe(true);
    const listed = (await t.as(w.verifier).get("/api/permits?view=all&pageSize=100")).json().data;
    expect(listed.find((p: { id: string }) => p.id === id).flags).toContain("gasRetestDue");
    const first = await runPermitScheduler(t.ctx, new Date(), schedulerNotices(t.ctx));
    expect(first.gasRetestDue).toContain(id);
    expect(await told("permit.gasRetestDue", id)).toEqual(expect.arrayContaining([w.employee.id, w.verifier.id]));
    const again = await runPermitScheduler(t.ctx, new Date(), schedulerNotices(t.ctx));
    expect(again.gasRetestDue).not.toContain(id);
    await record(id);
    expect((await read(id)).gasTest.overdue).toBe(false);
    await age(id, 61);
    expect((await runPermitScheduler(t.ctx, new Date(), schedulerNotices(t.ctx))).gasRetestDue).toContain(id);
  });
});

describe("where a gas test shows outside the permit page", () => {
  it("prints the tests on the PDF, and the check page gives the latest and says NOT VALID while a re-test is due", async () => {
    const id = await permitIn("In_progress", { checkToken: `gas-check-${Date.now()}` });
    const token = (await t.ctx.pool.query("SELECT check_token FROM permits WHERE id = $1", [id])).rows[0].check_token;
    const check = async () =>
      (await t.app.inject({ method: "GET", url: `/api/public/permit-checks/${token}` })).json().data;
    expect(await check()).toMatchObject({ lastGasTest: null, validNow: false, reason: "gasRetestDue" });
    await record(id, w.verifier, testBody({ CO: 12 }));
    expect(await check()).toMatchObject({ lastGasTest: { passed: true }, validNow: true, reason: "inProgress" });
    await age(id, 61);
    expect(await check()).toMatchObject({ lastGasTest: { passed: true }, validNow: false, reason: "gasRetestDue" });
    const words = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(words).toContain("Gas tests");
    expect(words).toContain("RE-TEST OVERDUE");
    expect(words).toContain("PASSED by");
    expect(words).toContain("CO 12 ppm");
    expect(words).toContain("O2 20.9 %");
  });
});
