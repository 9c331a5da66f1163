import { CREW_SIGN_ON_DECLARATION, type TPermitStatus } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, enterprises, notifications, permitCrewSignOns, permits, users } from "../src/db/schema";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { crewOf } from "../src/modules/permits/crew/members";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { pdfText } from "./helpers/pdf";
import {
  completeDraft,
  createPermitWorld,
  putInStatus,
  statusOf,
  type TPermitWorld,
  workTypeTicks,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
/** A second employee of the world's contractor: a worker on the crews below. */
let worker: TPerson;
let otherWorker: TPerson;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  worker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  otherWorker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
});
afterAll(async () => t.close());
// Each test starts with nobody signed on anywhere: a worker's sign-ons elsewhere count against the one-permit rule.
beforeEach(async () => {
  await t.ctx.pool.query(
    "UPDATE permit_crew_sign_ons SET signed_off_at = now(), signed_off_by = worker_id WHERE signed_off_at IS NULL",
  );
});

/** A permit of the employee naming `crewIds`, put straight into `status` (no one signed on), its window open now. */
async function permitWith(crewIds: string[], status: TPermitStatus = "accepted") {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds }));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  const window = { startAt: new Date(Date.now() - HOUR), endAt: new Date(Date.now() + 8 * HOUR) };
  if (status !== "pending") await putInStatus(t.ctx, id, status, window, { crew: false });
  return id;
}
const crewUrl = (id: string) => `/api/permits/${id}/crew`;
const signOn = (id: string, by: TPerson, workerId: string, body: unknown = { declaration: true }) =>
  t.as(by).post(`/api/permits/${id}/crew/${workerId}/sign-on`, body);
const signOff = (id: string, by: TPerson, workerId: string) =>
  t.as(by).post(`/api/permits/${id}/crew/${workerId}/sign-off`, undefined);
/** An error of `status` and `code` naming exactly these fields. */
function expectRefusal(response: Parameters<typeof expectError>[0], status: number, code: string, fields: object) {
  expect(expectError(response, status, code).fields).toEqual(fields);
}
const start = (id: string, by: TPerson) => t.as(by).post(`/api/permits/${id}/start`, undefined);

describe("naming the crew", () => {
  it("takes the contractor's own people in the draft, shows them, and lets a named worker see the permit", async () => {
    const id = await permitWith([worker.id, w.supplierUser.id], "pending");
    const permit = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
    expect(permit.crew.map((m: { id: string }) => m.id)).toEqual([worker.id, w.supplierUser.id]);
    expect(permit.crew[0]).toMatchObject({ signedOnAt: null, signedOnBy: null, signedOffAt: null });
    expect(permit.crewActions).toMatchObject({ change: true, signOn: [], signOff: [] });
    // An employee sees only its own permits, and those whose crew names it.
    expect((await t.as(worker).get(`/api/permits/${id}`)).statusCode).toBe(200);
    expect((await t.as(otherWorker).get(`/api/permits/${id}`)).statusCode).toBe(404);
  });

  it("refuses anyone not of the permit's company as if they did not exist (404 naming crewIds)", async () => {
    for (const stranger of [w.otherSupplier.employee, w.otherTenant.employee, w.responsible, UNKNOWN_ID]) {
      const id = typeof stranger === "string" ? stranger : stranger.id;
      const response = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds: [id] }));
      expectRefusal(response, 404, "NOT_FOUND", { crewIds: "invalidValue" });
    }
    const disabled = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id }, "disabled");
    const response = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds: [disabled.id] }));
    expectError(response, 404, "NOT_FOUND");
  });

  it("names the principal's managers on an internal permit, never a contractor's people", async () => {
    const internal = (crewIds: string[]) =>
      t.as(w.responsible).post("/api/permits", completeDraft(w, { crewIds, checklist: workTypeTicks(w) }));
    const named = await internal([w.approver.id, w.superResponsible.id]);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data.crew).toHaveLength(2);
    expectError(await internal([w.employee.id]), 404, "NOT_FOUND");
    expectError(await internal([w.otherTenant.responsible.id]), 404, "NOT_FOUND");
  });

  it("lists whom the caller's company may name (GET /api/crew-candidates)", async () => {
    const ids = async (person: TPerson) =>
      ((await t.as(person).get("/api/crew-candidates")).json().data as { id: string }[]).map((c) => c.id);
    expect(await ids(w.employee)).toEqual(expect.arrayContaining([w.employee.id, worker.id, w.supplierUser.id]));
    expect(await ids(w.employee)).not.toContain(w.otherSupplier.employee.id);
    expect(await ids(w.responsible)).toEqual(expect.arrayContaining([w.approver.id, w.superResponsible.id]));
    expect(await ids(w.responsible)).not.toContain(w.enterpriseUser.id);
    expect(await ids(w.responsible)).not.toContain(w.otherTenant.responsible.id);
    expect((await t.as(w.admin).get("/api/crew-candidates")).statusCode).toBe(403);
  });

  it("tells a worker added (in the app and by e-mail), with the change on the history and in the audit", async () => {
    const id = await permitWith([], "sended");
    const mail = t.mailbox.next(otherWorker.email);
    const response = await t.as(w.supplierUser).put(crewUrl(id), { workerIds: [otherWorker.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await mail).subject).toBeTruthy();
    const told = await t.ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, otherWorker.id), eq(notifications.kind, "permit.crewAdded")));
    expect(told.length).toBeGreaterThan(0);
    // The worker finds it among their sent permits (from their phone).
    const listed = (await t.as(otherWorker).get("/api/permits?view=sent")).json().data as { id: string }[];
    expect(listed.map((p) => p.id)).toContain(id);
    const history = (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({ action: "crew", actor: { id: w.supplierUser.id } });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audit.map((a) => a.action)).toContain("permit.crewChanged");
  });

  it("is changed by the holder alone until the permit ends: managers 403, other suppliers and tenants 404", async () => {
    const id = await permitWith([worker.id], "In_progress");
    const change = (person: TPerson) => t.as(person).put(crewUrl(id), { workerIds: [worker.id, otherWorker.id] });
    expect((await change(w.employee)).statusCode).toBe(200);
    expect((await change(w.supplierUser)).statusCode).toBe(200);
    expectError(await change(w.verifier), 403, "FORBIDDEN");
    expectError(await change(w.enterpriseUser), 403, "FORBIDDEN");
    expectError(await change(worker), 403, "FORBIDDEN");
    expectError(await change(w.otherSupplier.supplierUser), 404, "NOT_FOUND");
    expectError(await change(w.otherTenant.enterpriseUser), 404, "NOT_FOUND");
    const other = await t.as(w.employee).put(crewUrl(id), { workerIds: [w.otherSupplier.employee.id] });
    expectRefusal(other, 404, "NOT_FOUND", { workerIds: "invalidValue" });
    await putInStatus(t.ctx, id, "Ended", {}, { crew: false });
    expectError(await change(w.employee), 409, "CONFLICT");
  });

  it("keeps a signed-on worker on the crew until signed off (409 naming workerIds)", async () => {
    const id = await permitWith([worker.id]);
    expect((await signOn(id, w.employee, worker.id)).statusCode).toBe(200);
    const removal = await t.as(w.employee).put(crewUrl(id), { workerIds: [] });
    expectRefusal(removal, 409, "CONFLICT", { workerIds: "workerSignedOn" });
    expect((await signOff(id, w.employee, worker.id)).statusCode).toBe(200);
    expect((await t.as(w.employee).put(crewUrl(id), { workerIds: [] })).json().data.crew).toEqual([]);
  });
});

describe("signing on and off", () => {
  it("needs the declaration, and records who, when and the words in the signer's language", async () => {
    const id = await permitWith([worker.id]);
    expectFields(await signOn(id, worker, worker.id, {}), { declaration: "declarationRequired" });
    const response = await signOn(id, worker, worker.id, { declaration: true, language: "fr" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.crew[0]).toMatchObject({ id: worker.id, signedOnBy: { id: worker.id } });
    const [row] = await t.ctx.db.select().from(permitCrewSignOns).where(eq(permitCrewSignOns.permitId, id));
    expect(row).toMatchObject({ workerId: worker.id, signedOnBy: worker.id, declaration: CREW_SIGN_ON_DECLARATION.fr });
    expect(response.json().data.crewActions).toMatchObject({ signOn: [], signOff: [worker.id] });
    expectError(await signOn(id, w.employee, worker.id), 409, "CONFLICT");
  });

  it("is done by the holder on the worker's behalf or by the worker; others 403, other tenants 404", async () => {
    const id = await permitWith([worker.id, otherWorker.id]);
    expectError(await signOn(id, otherWorker, worker.id), 403, "FORBIDDEN");
    expectError(await signOn(id, w.verifier, worker.id), 403, "FORBIDDEN");
    expectError(await signOn(id, w.otherTenant.employee, worker.id), 404, "NOT_FOUND");
    expectError(await signOn(id, w.employee, w.otherSupplier.employee.id), 404, "NOT_FOUND");
    const byHolder = await signOn(id, w.supplierUser, worker.id);
    expect(byHolder.json().data.crew[0]).toMatchObject({ signedOnBy: { id: w.supplierUser.id } });
    expectError(await signOff(id, otherWorker, worker.id), 403, "FORBIDDEN");
    expectError(await signOff(id, w.verifier, worker.id), 403, "FORBIDDEN");
    const off = await signOff(id, worker, worker.id);
    expect(off.json().data.crew[0]).toMatchObject({ signedOnAt: null });
    expect(off.json().data.crew[0].signedOffAt).not.toBeNull();
    expectError(await signOff(id, worker, worker.id), 409, "CONFLICT");
    const history = (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data;
    expect(history.slice(-2)).toMatchObject([
      { action: "signOn", actor: { id: w.supplierUser.id }, worker: { id: worker.id } },
      { action: "signOff", actor: { id: worker.id }, worker: { id: worker.id } },
    ]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["permit.crewSignOn", "permit.crewSignOff"]));
  });

  it("happens only once the permit is accepted and before its close-out (409)", async () => {
    const approved = await permitWith([worker.id], "Approved");
    expectError(await signOn(approved, w.employee, worker.id), 409, "CONFLICT");
    const closed = await permitWith([worker.id], "In_progress");
    await t.ctx.db
      .update(permits)
      .set({
        closedOutAt: new Date(),
        closedOutBy: w.employee.id,
        closeOut: { workComplete: true, remainingWork: "", areaSafe: true, toolsRemoved: true, peopleOut: true },
      })
      .where(eq(permits.id, closed));
    expectError(await signOn(closed, w.employee, worker.id), 409, "CONFLICT");
  });
});

describe("the start gate", () => {
  it("refuses to start without a signed-on worker (400 naming crew), and starts once one is", async () => {
    const id = await permitWith([worker.id]);
    const refused = await start(id, w.employee);
    expectError(refused, 400, "VALIDATION_FAILED");
    expectFields(refused, { crew: "crewNotSignedOn" });
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await signOn(id, w.employee, worker.id);
    await signOff(id, w.employee, worker.id);
    expectFields(await start(id, w.verifier), { crew: "crewNotSignedOn" });
    await signOn(id, worker, worker.id);
    const started = await start(id, w.verifier);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.status).toBe("In_progress");
  });

  it("is the scheduler's too: an accepted permit without a signed-on worker is not started at its start time", async () => {
    const without = await permitWith([worker.id]);
    const withCrew = await permitWith([otherWorker.id]);
    await signOn(withCrew, w.employee, otherWorker.id);
    const run = await runPermitScheduler(t.ctx, new Date());
    expect(run.started).toContain(withCrew);
    expect(run.started).not.toContain(without);
    expect(await statusOf(t.ctx, without)).toBe("accepted");
    await signOff(withCrew, w.employee, otherWorker.id);
  });
});

describe("one live permit per worker", () => {
  it("refuses a worker signed on elsewhere (409 naming crew) unless the enterprise allows more", async () => {
    const first = await permitWith([worker.id]);
    const second = await permitWith([worker.id]);
    expect((await signOn(first, w.employee, worker.id)).statusCode).toBe(200);
    const refused = await signOn(second, w.employee, worker.id);
    expectRefusal(refused, 409, "CONFLICT", { crew: "workerOnAnotherPermit" });

    const settings = (await t.as(w.enterpriseUser).get("/api/enterprise/permit-settings")).json().data;
    expect(settings.permitsPerWorker).toBe(1);
    const raised = await t.as(w.enterpriseUser).put("/api/enterprise/permit-settings", {
      ...settings,
      permitsPerWorker: 2,
    });
    expect(raised.json().data.permitsPerWorker).toBe(2);
    expectFields(
      await t.as(w.enterpriseUser).put("/api/enterprise/permit-settings", { ...settings, permitsPerWorker: 11 }),
      { permitsPerWorker: "outOfRange" },
    );
    expect((await signOn(second, w.employee, worker.id)).statusCode).toBe(200);
    await t.ctx.db.update(enterprises).set({ permitsPerWorker: 1 }).where(eq(enterprises.id, w.enterprise.id));
    // A permit that ended no longer counts.
    await putInStatus(t.ctx, first, "Ended", {}, { crew: false });
    await signOff(second, w.employee, worker.id);
    expect((await signOn(second, w.employee, worker.id)).statusCode).toBe(200);
    await signOff(second, w.employee, worker.id);
    await signOff(first, w.employee, worker.id);
  });

  it("lets only one of two sign-ons of one worker at once through", async () => {
    const [a, b] = [await permitWith([otherWorker.id]), await permitWith([otherWorker.id])];
    const answers = await Promise.all([signOn(a, w.employee, otherWorker.id), signOn(b, w.employee, otherWorker.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const id of [a, b]) {
      const crew = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data.crew;
      if (crew[0].signedOnAt) await signOff(id, w.employee, otherWorker.id);
    }
  });
});

describe("the crew elsewhere", () => {
  it("copies the crew's names into a duplicate, never their sign-ons", async () => {
    const id = await permitWith([worker.id]);
    await signOn(id, w.employee, worker.id);
    const copy = (await t.as(w.employee).post(`/api/permits/${id}/duplicate`, undefined)).json().data;
    expect(copy.crew).toMatchObject([{ id: worker.id, signedOnAt: null, signedOffAt: null }]);
    await signOff(id, w.employee, worker.id);
  });

  it("shows who is signed on now on the public check page (names only) and the crew on the PDF", async () => {
    const id = await permitWith([worker.id, otherWorker.id]);
    await signOn(id, w.employee, worker.id);
    const token = `crew-${id}`;
    await t.ctx.db.update(permits).set({ checkToken: token }).where(eq(permits.id, id));
    const check = await t.app.inject({ method: "GET", url: `/api/public/permit-checks/${token}` });
    const [name] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, worker.id));
    expect(check.json().data.crewSignedOn).toEqual([name!.name]);
    const pdf = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`)).join(" ");
    expect(pdf).toContain(name!.name);
    await signOff(id, w.employee, worker.id);
  });

  it("answers crewOf: each permit's workers in order", async () => {
    const id = await permitWith([otherWorker.id, worker.id], "pending");
    const crews = await crewOf(t.ctx.db, [id, UNKNOWN_ID]);
    expect(crews.get(id)).toEqual([otherWorker.id, worker.id]);
    expect(crews.get(UNKNOWN_ID)).toEqual([]);
  });
});
