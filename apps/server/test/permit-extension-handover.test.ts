import { SIGNATURE_DECLARATIONS } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { pdfText } from "./helpers/pdf";
import {
  completeDraft,
  createPermitWorld,
  notifiedOf,
  openNoticesOf,
  putInStatus,
  SIGNED,
  signOnStraight,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
/** Another employee of the world's contractor: the incoming holder of the handovers below. */
let incoming: TPerson;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  incoming = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
});
afterAll(async () => t.close());

/** The employee's permit in `status`, its window from an hour ago for nine hours (the work type allows 12). */
async function permitIn(status: "accepted" | "In_progress" | "Approved" = "In_progress", by: TPerson = w.employee) {
  const created = await t.as(by).post("/api/permits", completeDraft(w, by === w.employee ? {} : { crewIds: [] }));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const startAt = new Date(Date.now() - HOUR);
  await putInStatus(t.ctx, id, status, {
    startAt,
    endAt: new Date(startAt.getTime() + 9 * HOUR),
    divisionId: w.division.id,
    verifiedBy: w.verifier.id,
    approvedBy: w.approver.id,
    checkToken: `check-${id}`,
    shiftStartedAt: status === "In_progress" ? startAt : null,
  });
  return { id, startAt };
}
const read = async (id: string, person: TPerson = w.employee) =>
  (await t.as(person).get(`/api/permits/${id}`)).json().data;
const ask = (id: string, person: TPerson, newEndAt: Date, reason = "The flange needs a second pass") =>
  t.as(person).post(`/api/permits/${id}/extensions`, { newEndAt: newEndAt.toISOString(), reason });
const decide = (id: string, extensionId: string, how: "sign" | "refuse", person: TPerson, body: object = SIGNED) =>
  t.as(person).post(`/api/permits/${id}/extensions/${extensionId}/${how}`, body);
const handOver = (id: string, person: TPerson, toId: string, extra: object = {}) =>
  t.as(person).post(`/api/permits/${id}/handovers`, {
    toId,
    note: "Flange half welded; fire watch in place",
    ...SIGNED,
    ...extra,
  });
const accept = (id: string, handoverId: string, person: TPerson, extra: object = {}) =>
  t.as(person).post(`/api/permits/${id}/handovers/${handoverId}/accept`, { keepCrew: true, ...SIGNED, ...extra });
const told = (kind: string, permitId: string) => notifiedOf(t.ctx, kind, permitId);
const events = async (id: string) =>
  ((await t.as(w.verifier).get(`/api/permits/${id}/history`)).json().data as { action: string }[]).map((e) => e.action);
const check = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/public/permit-checks/check-${id}` })).json().data;

describe("asking an extension", () => {
  it("is the holder's (contractor side), while accepted or in progress: others 403, other tenants 404", async () => {
    const { id, startAt } = await permitIn("accepted");
    const newEnd = new Date(startAt.getTime() + 11 * HOUR);
    for (const person of [w.verifier, w.approver, w.enterpriseUser, incoming]) {
      expectError(
        await ask(id, person, newEnd),
        person === incoming ? 404 : 403,
        person === incoming ? "NOT_FOUND" : "FORBIDDEN",
      );
    }
    expectError(await ask(id, w.otherTenant.enterpriseUser, newEnd), 404, "NOT_FOUND");
    expectError(await ask(id, w.otherSupplier.supplierUser, newEnd), 404, "NOT_FOUND");
    const asked = await ask(id, w.supplierUser, newEnd);
    expect(asked.statusCode, asked.body).toBe(200);
    const permit = asked.json().data;
    // The permit carries on under its current end meanwhile.
    expect(permit.endAt).toBe(new Date(startAt.getTime() + 9 * HOUR).toISOString());
    expect(permit.extensions).toEqual([
      expect.objectContaining({
        askedBy: expect.objectContaining({ id: w.supplierUser.id }),
        decision: null,
        newEndAt: newEnd.toISOString(),
      }),
    ]);
    expect(permit.shiftActions).toMatchObject({ askExtension: false, decideExtension: null });
    // One pending at a time.
    expect(expectError(await ask(id, w.employee, newEnd), 409, "CONFLICT").fields).toEqual({
      newEndAt: "extensionPending",
    });
    // A permit not yet accepted, or ended, is not extended.
    const approved = await permitIn("Approved");
    expectError(await ask(approved.id, w.employee, newEnd), 409, "CONFLICT");
  });

  it("refuses a new end beyond the work type's maximum validity from the start, or not later (400 newEndAt)", async () => {
    const { id, startAt } = await permitIn();
    expectFields(await ask(id, w.employee, new Date(startAt.getTime() + 12 * HOUR + 60_000)), {
      newEndAt: "windowTooLong",
    });
    expectFields(await ask(id, w.employee, new Date(startAt.getTime() + 8 * HOUR)), { newEndAt: "extensionNotLater" });
    expectFields(await t.as(w.employee).post(`/api/permits/${id}/extensions`, { newEndAt: "soon", reason: "" }), {
      newEndAt: "invalidValue",
      reason: "descriptionRequired",
    });
    // Exactly the maximum is within it.
    expect((await ask(id, w.employee, new Date(startAt.getTime() + 12 * HOUR))).statusCode).toBe(200);
  });

  it("tells the sector's approvers; the history and the audit record it", async () => {
    const { id, startAt } = await permitIn();
    await ask(id, w.employee, new Date(startAt.getTime() + 10 * HOUR));
    expect(await told("permit.extensionAsked", id)).toEqual([w.approver.id]);
    expect(await events(id)).toContain("extensionAsked");
  });
});

describe("deciding an extension", () => {
  it("is signed by the sector's approver: the end moves, the holder is told, the signature vouches for the new end", async () => {
    const { id, startAt } = await permitIn();
    const newEnd = new Date(startAt.getTime() + 11 * HOUR);
    const extensionId = (await ask(id, w.employee, newEnd)).json().data.extensions[0].id as string;
    // The holder cannot sign their own extension; the verifier of a level needing approval is not its signer.
    for (const person of [w.employee, w.supplierUser, w.verifier, w.enterpriseUser]) {
      expectError(await decide(id, extensionId, "sign", person), 403, "FORBIDDEN");
    }
    expectError(await decide(id, extensionId, "sign", w.otherTenant.responsible), 404, "NOT_FOUND");
    expect((await read(id, w.approver)).shiftActions.decideExtension).toBe(extensionId);
    expectFields(await decide(id, extensionId, "sign", w.approver, {}), {
      password: "passwordRequired",
      declaration: "declarationRequired",
    });
    expect(await openNoticesOf(t.ctx, "permit.extensionAsked", id)).toEqual([`${w.approver.id}:unread`]);
    const signed = await decide(id, extensionId, "sign", w.approver);
    expect(signed.statusCode, signed.body).toBe(200);
    // The call to decide it is answered.
    expect(await openNoticesOf(t.ctx, "permit.extensionAsked", id)).toEqual([]);
    const permit = signed.json().data;
    expect(permit.endAt).toBe(newEnd.toISOString());
    expect(permit.extensions[0]).toMatchObject({ decision: "signed", decidedBy: { id: w.approver.id } });
    const signature = permit.signatures.find((s: { kind: string }) => s.kind === "extend");
    expect(signature).toMatchObject({ signer: { id: w.approver.id }, declaration: SIGNATURE_DECLARATIONS.extend.en });
    // The hash is of the permit as extended: the content a signature made now would vouch for.
    expect(signature.contentHash).toBe(permit.contentHash);
    expect(await told("permit.extensionSigned", id)).toEqual([w.employee.id, w.supplierUser.id].sort());
    expect(await events(id)).toEqual(expect.arrayContaining(["extensionAsked", "extensionSigned"]));
    // Decided once.
    expectError(await decide(id, extensionId, "refuse", w.approver, { remark: "No" }), 409, "CONFLICT");
  });

  it("is the verifier's where the level needs no approval", async () => {
    const { id, startAt } = await permitIn();
    await t.ctx.pool.query("UPDATE permits SET level_flow = 'verify' WHERE id = $1", [id]);
    const extensionId = (await ask(id, w.employee, new Date(startAt.getTime() + 10 * HOUR))).json().data.extensions[0]
      .id;
    expectError(await decide(id, extensionId, "sign", w.approver), 403, "FORBIDDEN");
    expect((await decide(id, extensionId, "sign", w.verifier)).statusCode).toBe(200);
  });

  it("is refused with a remark: the end stays, the holder is told", async () => {
    const { id, startAt } = await permitIn();
    const extensionId = (await ask(id, w.employee, new Date(startAt.getTime() + 10 * HOUR))).json().data.extensions[0]
      .id;
    expectFields(await decide(id, extensionId, "refuse", w.approver, { remark: " " }), {
      remark: "descriptionRequired",
    });
    const refused = await decide(id, extensionId, "refuse", w.approver, {
      remark: "Finish tomorrow under a new permit",
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await openNoticesOf(t.ctx, "permit.extensionAsked", id)).toEqual([]);
    expect(refused.json().data.endAt).toBe(new Date(startAt.getTime() + 9 * HOUR).toISOString());
    expect(refused.json().data.extensions[0]).toMatchObject({
      decision: "refused",
      remark: "Finish tomorrow under a new permit",
    });
    expect(await told("permit.extensionRefused", id)).toContain(w.employee.id);
    // A new one may be asked after a refusal.
    expect(refused.json().data.shiftActions.askExtension).toBe(false);
    expect((await read(id)).shiftActions.askExtension).toBe(true);
  });

  it("takes overdue work off the overdue list once signed, and the scheduler warns again past the new end", async () => {
    const { id } = await permitIn();
    const past = new Date(Date.now() - 60_000);
    await t.ctx.pool.query("UPDATE permits SET end_at = $2, overdue_warned_at = now() WHERE id = $1", [id, past]);
    expect((await read(id)).overdue).toBe(true);
    const extensionId = (await ask(id, w.employee, new Date(Date.now() + 2 * HOUR))).json().data.extensions[0].id;
    expect((await decide(id, extensionId, "sign", w.approver)).json().data.overdue).toBe(false);
    const run = await runPermitScheduler(t.ctx, new Date(Date.now() + 3 * HOUR));
    expect(run.overdue).toContain(id);
  });

  it("shows the signed extension on the public check page and the PDF", async () => {
    const { id, startAt } = await permitIn();
    const extensionId = (await ask(id, w.employee, new Date(startAt.getTime() + 10 * HOUR))).json().data.extensions[0]
      .id;
    await decide(id, extensionId, "sign", w.approver);
    expect((await check(id)).extensions).toEqual([
      expect.objectContaining({ newEndAt: new Date(startAt.getTime() + 10 * HOUR).toISOString() }),
    ]);
    const words = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(words).toContain("Extension signed by");
    expect(words).toContain("Extensions");
  });
});

describe("a shift handover", () => {
  it("is started by the holder with a note and their signature, to someone of the same company only", async () => {
    const { id } = await permitIn();
    expectError(await handOver(id, w.verifier, incoming.id), 403, "FORBIDDEN");
    expectError(await handOver(id, w.otherTenant.employee, incoming.id), 404, "NOT_FOUND");
    // Someone outside the company (another supplier's, the principal's, another tenant's): as if they did not exist.
    for (const stranger of [w.otherSupplier.employee, w.responsible, w.otherTenant.employee]) {
      expect(expectError(await handOver(id, w.employee, stranger.id), 404, "NOT_FOUND").fields).toEqual({
        toId: "invalidValue",
      });
    }
    expectFields(await handOver(id, w.employee, w.employee.id), { toId: "handoverToHolder" });
    expectFields(await handOver(id, w.employee, incoming.id, { note: " " }), { note: "handoverNoteRequired" });
    expectFields(await handOver(id, w.employee, incoming.id, { password: undefined }), {
      password: "passwordRequired",
    });
    expectError(
      await handOver(id, w.employee, incoming.id, { password: "not-the-password" }),
      401,
      "SIGNATURE_PASSWORD_INVALID",
    );
    const started = await handOver(id, w.employee, incoming.id);
    expect(started.statusCode, started.body).toBe(200);
    const permit = started.json().data;
    expect(permit.handovers).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ id: w.employee.id }),
        to: expect.objectContaining({ id: incoming.id }),
        acceptedAt: null,
      }),
    ]);
    expect(permit.signatures.map((s: { kind: string }) => s.kind)).toContain("handoverOut");
    expect(permit.holder.id).toBe(w.employee.id);
    expect(await told("permit.handoverAsked", id)).toEqual([incoming.id]);
    // One open at a time; only work in progress is handed over.
    expect(expectError(await handOver(id, w.employee, w.supplierUser.id), 409, "CONFLICT").fields).toEqual({
      toId: "handoverPending",
    });
    const accepted = await permitIn("accepted");
    expectError(await handOver(accepted.id, w.employee, incoming.id), 409, "CONFLICT");
  });

  it("is accepted only by the incoming holder's signature, who becomes the holder", async () => {
    const { id } = await permitIn();
    const handoverId = (await handOver(id, w.employee, incoming.id)).json().data.handovers[0].id as string;
    // The incoming holder sees the permit and may accept it; nobody else may.
    expect((await read(id, incoming)).shiftActions.acceptHandover).toBe(handoverId);
    for (const person of [w.employee, w.supplierUser, w.approver]) {
      expectError(await accept(id, handoverId, person), 403, "FORBIDDEN");
    }
    expectError(await accept(id, handoverId, w.otherTenant.employee), 404, "NOT_FOUND");
    expectFields(await accept(id, handoverId, incoming, { declaration: false }), {
      declaration: "declarationRequired",
    });
    expect(await openNoticesOf(t.ctx, "permit.handoverAsked", id)).toEqual([`${incoming.id}:unread`]);
    const done = await accept(id, handoverId, incoming);
    expect(done.statusCode, done.body).toBe(200);
    expect(await openNoticesOf(t.ctx, "permit.handoverAsked", id)).toEqual([]);
    const permit = done.json().data;
    expect(permit.holder.id).toBe(incoming.id);
    expect(permit.handovers[0]).toMatchObject({ acceptedAt: expect.any(String), crewKept: true });
    expect(permit.signatures.filter((s: { kind: string }) => s.kind.startsWith("handover"))).toHaveLength(2);
    // The holder's actions pass on: the incoming holder closes out and extends; the outgoing one no longer does.
    expect(permit.actions).toContain("end");
    expect(permit.shiftActions.askExtension).toBe(true);
    expect((await read(id, w.employee)).actions).not.toContain("end");
    expect((await read(id, w.employee)).shiftActions.askExtension).toBe(false);
    expect(await told("permit.handedOver", id)).toEqual(expect.arrayContaining([w.employee.id, w.verifier.id]));
    expect(await events(id)).toEqual(expect.arrayContaining(["handoverStarted", "handover"]));
    expect((await check(id)).holder).toBe(permit.holder.name);
    expect((await check(id)).handovers).toHaveLength(1);
    // Accepted once.
    expectError(await accept(id, handoverId, incoming), 409, "CONFLICT");
  });

  it("keeps the signed-on crew only if the incoming holder keeps it; the outgoing holder is signed off", async () => {
    const worker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
    const crewOf = async (id: string) =>
      ((await read(id, w.supplierUser)).crew as { id: string; signedOnAt: string | null }[])
        .filter((m) => m.signedOnAt !== null)
        .map((m) => m.id);
    for (const keepCrew of [true, false]) {
      const { id } = await permitIn();
      await signOnStraight(t.ctx, id, worker.id);
      expect((await crewOf(id)).sort()).toEqual([w.employee.id, worker.id].sort());
      const handoverId = (await handOver(id, w.employee, incoming.id)).json().data.handovers[0].id;
      expect((await accept(id, handoverId, incoming, { keepCrew })).statusCode).toBe(200);
      expect(await crewOf(id)).toEqual(keepCrew ? [worker.id] : []);
      await t.ctx.pool.query(
        "UPDATE permit_crew_sign_ons SET signed_off_at = now(), signed_off_by = worker_id WHERE permit_id = $1 AND signed_off_at IS NULL",
        [id],
      );
    }
  });

  it("may be cancelled by either side while open; an internal permit passes among the principal's staff", async () => {
    const { id } = await permitIn();
    const handoverId = (await handOver(id, w.employee, incoming.id)).json().data.handovers[0].id;
    expectError(await t.as(w.approver).post(`/api/permits/${id}/handovers/${handoverId}/cancel`), 403, "FORBIDDEN");
    const cancelled = await t.as(incoming).post(`/api/permits/${id}/handovers/${handoverId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.handovers[0].cancelledAt).toEqual(expect.any(String));
    expectError(await accept(id, handoverId, incoming), 409, "CONFLICT");

    const internal = await t.as(w.responsible).post("/api/permits", {
      ...completeDraft(w, { crewIds: [] }),
      checklist: completeDraft(w).checklist,
    });
    expect(internal.statusCode, internal.body).toBe(201);
    const internalId = internal.json().data.id as string;
    await putInStatus(t.ctx, internalId, "In_progress", { shiftStartedAt: new Date() });
    expectError(await handOver(internalId, w.responsible, incoming.id), 404, "NOT_FOUND");
    const staff = await handOver(internalId, w.responsible, w.superResponsible.id);
    expect(staff.statusCode, staff.body).toBe(200);
  });
});

describe("a handover due", () => {
  it("is flagged once a shift passed since the start without one, notified once, and cleared by a handover", async () => {
    const { id, startAt } = await permitIn();
    // Off by default: never due.
    expect((await read(id)).handoverDue).toBe(false);
    await t.ctx.pool.query("UPDATE enterprises SET shift_length_hours = 8 WHERE id = $1", [w.enterprise.id]);
    await t.ctx.pool.query("UPDATE permits SET shift_started_at = $2 WHERE id = $1", [
      id,
      new Date(startAt.getTime() - 8 * HOUR),
    ]);
    const permit = await read(id);
    expect(permit.handoverDue).toBe(true);
    expect(await check(id)).toMatchObject({ validNow: false, reason: "handoverDue", handoverDue: true });
    const list = (await t.as(w.verifier).get("/api/permits?view=all&pageSize=100")).json().data as {
      id: string;
      flags: string[];
    }[];
    expect(list.find((p) => p.id === id)?.flags).toContain("handoverDue");
    const first = await runPermitScheduler(t.ctx, new Date());
    expect(first.handoverDue).toContain(id);
    expect((await runPermitScheduler(t.ctx, new Date())).handoverDue).not.toContain(id);
    const handoverId = (await handOver(id, w.employee, incoming.id)).json().data.handovers[0].id;
    const done = await accept(id, handoverId, incoming);
    expect(done.json().data.handoverDue).toBe(false);
    expect((await check(id)).reason).toBe("inProgress");
    await t.ctx.pool.query("UPDATE enterprises SET shift_length_hours = NULL WHERE id = $1", [w.enterprise.id]);
  });

  it("is set by the enterprise in its permit settings (1–24 h, or off)", async () => {
    const url = "/api/enterprise/permit-settings";
    const before = (await t.as(w.enterpriseUser).get(url)).json().data;
    expect(before.shiftLengthHours).toBeNull();
    const saved = await t.as(w.enterpriseUser).put(url, { ...before, shiftLengthHours: 12 });
    expect(saved.json().data.shiftLengthHours).toBe(12);
    expectFields(await t.as(w.enterpriseUser).put(url, { ...before, shiftLengthHours: 25 }), {
      shiftLengthHours: "outOfRange",
    });
    expect(
      (await t.as(w.enterpriseUser).put(url, { ...before, shiftLengthHours: null })).json().data.shiftLengthHours,
    ).toBeNull();
  });
});
