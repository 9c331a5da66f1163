import { documentNumber } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permits, sectors } from "../src/db/schema";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, patch, post, upload } from "./helpers/http";
import { addSector, grant, PDF_BYTES } from "./helpers/organisation";
import {
  actionBody,
  clonePermit,
  completeDraft,
  createPermitWorld,
  DRAFT_WINDOW,
  putInStatus,
  setCredits,
  statusOf,
  type TPermitWorld,
  tokenFor,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const act = async (id: string, action: string, person: TPerson, remark?: string) =>
  t.as(person).post(`/api/permits/${id}/${action}`, actionBody(action, remark === undefined ? {} : { remark }));

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function draft(person: TPerson = w.employee, overrides = {}) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const history = async (id: string) =>
  (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data as {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    remark: string | null;
    actor: { id: string } | null;
  }[];
const creditsUsed = async (enterpriseId: string) =>
  (
    await t.ctx.pool.query("SELECT credits_used FROM enterprise_permit_accounts WHERE enterprise_id = $1", [
      enterpriseId,
    ])
  ).rows[0].credits_used as number;

describe("a permit's journey", () => {
  it("goes from draft to ended, numbered at its first send, each step in its history", async () => {
    const id = await draft(w.employee, { crewIds: [w.employee.id] });
    const used = await creditsUsed(w.enterprise.id);
    const sent = await act(id, "send", w.employee);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      status: "sended",
      documentNumber: expect.stringMatching(/^PTW-\d{4}-\d{6}$/),
      criticality: { name: "High", flow: "verify_and_approve" },
      canEdit: false,
      sendMissing: {},
    });
    expect(await creditsUsed(w.enterprise.id)).toBe(used + 1);
    const number = sent.json().data.documentNumber;

    const verified = await act(id, "verify", w.verifier);
    expect(verified.json().data).toMatchObject({ status: "Confirmed", verifiedBy: { id: w.verifier.id } });
    const approved = await act(id, "approve", w.approver);
    expect(approved.json().data).toMatchObject({ status: "Approved", approvedBy: { id: w.approver.id } });
    expect((await act(id, "accept", w.supplierUser)).json().data.status).toBe("accepted");
    // The crew is briefed before the start (docs/safety.md, Crew).
    const signedOn = await t
      .as(w.employee)
      .post(`/api/permits/${id}/crew/${w.employee.id}/sign-on`, { declaration: true });
    expect(signedOn.statusCode, signedOn.body).toBe(200);
    expect((await act(id, "start", w.verifier)).json().data.status).toBe("In_progress");
    const closedOut = await act(id, "end", w.employee);
    expect(closedOut.json().data).toMatchObject({ status: "In_progress", awaitingHandBack: true, actions: ["cancel"] });
    const ended = await act(id, "handBack", w.verifier);
    expect(ended.json().data).toMatchObject({ status: "Ended", documentNumber: number, actions: [] });
    expect((await history(id)).map((e) => `${e.action}:${e.fromStatus}→${e.toStatus}`)).toEqual([
      "create:null→pending",
      "send:pending→sended",
      "verify:sended→Confirmed",
      "approve:Confirmed→Approved",
      "accept:Approved→accepted",
      "signOn:accepted→accepted",
      "start:accepted→In_progress",
      "end:In_progress→In_progress",
      "handBack:In_progress→Ended",
    ]);
  });

  it("goes straight to Approved when the level needs verification only, and keeps the level it was sent with", async () => {
    const id = await draft(w.employee, { probabilityId: w.probability.low.id, severityId: w.severity.low.id });
    await act(id, "send", w.employee);
    // A later change of the matrix leaves the sent permit as it was.
    await t.ctx.pool.query("UPDATE criticality_levels SET name = 'Renamed' WHERE id = $1", [w.levels.low.id]);
    const verified = await act(id, "verify", w.verifier);
    expect(verified.json().data).toMatchObject({ status: "Approved", criticality: { name: "Low", flow: "verify" } });
    await t.ctx.pool.query("UPDATE criticality_levels SET name = 'Low' WHERE id = $1", [w.levels.low.id]);
  });

  it("sends back for a recheck with a remark, takes the edit, and re-sends without a second credit or number", async () => {
    const id = await draft();
    const first = (await act(id, "send", w.employee)).json().data.documentNumber;
    expectFields(await act(id, "recheck", w.verifier), { remark: "descriptionRequired" });
    expectFields(await act(id, "reject", w.verifier, "   "), { remark: "descriptionRequired" });
    const rechecked = await act(id, "recheck", w.verifier, "Add the gas test");
    expect(rechecked.json().data).toMatchObject({ status: "Recheck", remark: "Add the gas test", canEdit: false });
    const edited = await patch(
      t.app,
      `/api/permits/${id}`,
      completeDraft(w, { taskTitle: "Gas tested" }),
      await t.as(w.employee).call(),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const used = await creditsUsed(w.enterprise.id);
    const again = await act(id, "send", w.supplierUser);
    expect(again.json().data).toMatchObject({ status: "sended", documentNumber: first, taskTitle: "Gas tested" });
    expect(await creditsUsed(w.enterprise.id)).toBe(used);
    const rejected = await act(id, "reject", w.verifier, "Not this week");
    expect(rejected.json().data).toMatchObject({ status: "Failed", remark: "Not this week" });
    expect((await history(id)).at(-1)).toMatchObject({ action: "reject", remark: "Not this week" });
  });

  it("keeps four eyes: nobody verifies what they created, the verifier does not approve", async () => {
    const both = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
    await grant(t.ctx, both.id, w.sector.id, "both");
    const own = await draft(both);
    expect((await act(own, "send", both)).statusCode).toBe(200);
    expectError(await act(own, "verify", both), 403, "FORBIDDEN");
    const id = await draft();
    await act(id, "send", w.employee);
    expect((await act(id, "verify", both)).statusCode).toBe(200);
    expectError(await act(id, "approve", both), 403, "FORBIDDEN");
    expect((await act(id, "approve", w.approver)).statusCode).toBe(200);
  });
});

describe("what sending needs", () => {
  it("names the missing fields (400)", async () => {
    const response = await post(
      t.app,
      "/api/permits",
      { enterpriseId: w.enterprise.id, taskTitle: "Half done", sectorId: w.sector.id },
      await t.as(w.employee).call(),
    );
    const id = response.json().data.id;
    const sent = await act(id, "send", w.employee);
    expectFields(sent, {
      workTypeId: "workTypeRequired",
      jobDescription: "descriptionRequired",
      startAt: "startRequired",
      endAt: "endRequired",
      probabilityId: "probabilityRequired",
      severityId: "severityRequired",
      "answers.qualificationsAndTools": "answerRequired",
      "answers.jsaComplete": "answerRequired",
      "answers.newRiskPossible": "answerRequired",
    });
    expect(await statusOf(t.ctx, id)).toBe("pending");
  });

  it("refuses to drop what the place and work type require (400 riskIds / specificRiskIds / epiIds), not to add more", async () => {
    const dropped = await draft(w.employee, {
      riskIds: [w.extraRisk.id],
      specificRiskIds: [],
      epiIds: [],
      checklist: completeDraft(w).checklist!.filter((item) => item.source === "workType"),
    });
    expectFields(await act(dropped, "send", w.employee), {
      riskIds: "invalidValue",
      specificRiskIds: "invalidValue",
      epiIds: "invalidValue",
    });
    const more = await draft(w.employee, { riskIds: [w.risk.id, w.extraRisk.id] });
    expect((await act(more, "send", w.employee)).statusCode).toBe(200);
  });

  it("needs a Verifier for the sector (409 NO_PERMIT_MANAGER)", async () => {
    const unmanaged = await addSector(t.ctx, w.division);
    await grant(t.ctx, w.approver.id, unmanaged.id, "approver");
    const id = await draft(w.employee, { sectorId: unmanaged.id, subSectorId: null });
    expectError(await act(id, "send", w.employee), 409, "NO_PERMIT_MANAGER");
    expect(await statusOf(t.ctx, id)).toBe("pending");
    await grant(t.ctx, w.verifier.id, unmanaged.id, "verifier");
    expect((await act(id, "send", w.employee)).statusCode).toBe(200);
  });

  it("needs a credit for a first send (409 NO_PERMIT_CREDITS), taking no number", async () => {
    const poor = await createPermitWorld(t.ctx, { credits: 0 });
    const response = await t.as(poor.employee).post("/api/permits", completeDraft(poor));
    const id = response.json().data.id;
    expectError(await act(id, "send", poor.employee), 409, "NO_PERMIT_CREDITS");
    const [row] = await t.ctx.db.select().from(permits).where(eq(permits.id, id));
    expect(row).toMatchObject({ status: "pending", documentNumber: null });
    await setCredits(t.ctx, poor.enterprise.id, 1);
    const sent = await act(id, "send", poor.employee);
    expect(sent.json().data.documentNumber).toBe(documentNumber(new Date().getUTCFullYear(), 1));
  });

  it("refuses a sector deleted since the draft was saved (409 SECTOR_DELETED)", async () => {
    const other = await createPermitWorld(t.ctx);
    const response = await t.as(other.employee).post("/api/permits", completeDraft(other));
    await t.ctx.db.update(sectors).set({ deletedAt: new Date() }).where(eq(sectors.id, other.sector.id));
    expectError(await act(response.json().data.id, "send", other.employee), 409, "SECTOR_DELETED");
  });

  it("answers 404 for another tenant's permit, whatever the action", async () => {
    const id = await draft();
    expectError(await act(id, "send", w.otherTenant.employee), 404, "NOT_FOUND");
    expectError(await act(id, "cancel", w.otherTenant.enterpriseUser), 404, "NOT_FOUND");
  });
});

/** Holds the permit's row lock until `release`, so requests pile up on their UPDATE after reading. */
async function holdRow(id: string) {
  const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
  await client.connect();
  await client.query("BEGIN");
  await client.query("SELECT 1 FROM permits WHERE id = $1 FOR UPDATE", [id]);
  return {
    /** Waits until `n` other sessions wait on a lock, i.e. have read the permit and are at their UPDATE. */
    async waiters(n: number) {
      for (let i = 0; i < 200; i++) {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (rows[0].n >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("the requests never reached their update");
    },
    async release() {
      await client.query("COMMIT");
      await client.end();
    },
  };
}

describe("two people at once", () => {
  it("two approvals: exactly one 200, one 409, one approve event", async () => {
    const second = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
    await grant(t.ctx, second.id, w.sector.id, "approver");
    const template = await draft();
    const id = await clonePermit(t.ctx, template, "Confirmed", { verifiedBy: w.verifier.id });
    const lock = await holdRow(id);
    const both = Promise.all([act(id, "approve", w.approver), act(id, "approve", second)]);
    await lock.waiters(2);
    await lock.release();
    const codes = (await both).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect((await history(id)).filter((e) => e.action === "approve")).toHaveLength(1);
  });

  it("a cancel against an approve: exactly one wins", async () => {
    const template = await draft();
    const id = await clonePermit(t.ctx, template, "Confirmed", { verifiedBy: w.verifier.id });
    const lock = await holdRow(id);
    const both = Promise.all([act(id, "approve", w.approver), act(id, "cancel", w.employee)]);
    await lock.waiters(2);
    await lock.release();
    const [approve, cancel] = await both;
    expect([approve!.statusCode, cancel!.statusCode].sort()).toEqual([200, 409]);
    const winner = approve!.statusCode === 200 ? "Approved" : "Canceled";
    expect(await statusOf(t.ctx, id)).toBe(winner);
    expect((await history(id)).map((e) => e.action)).toEqual([winner === "Approved" ? "approve" : "cancel"]);
  });

  it("gives 20 first sends at once the numbers 1 to 20, each once", async () => {
    const fresh = await createPermitWorld(t.ctx, { credits: 20 });
    const token = await tokenFor(t.ctx, fresh.employee);
    const ids: string[] = [];
    // Windows one after another: permits at one place and time clash, and a clash must be acknowledged first.
    const apart = (i: number) => ({
      startAt: new Date(Date.parse(DRAFT_WINDOW.startAt) + i * 10 * 3_600_000).toISOString(),
      endAt: new Date(Date.parse(DRAFT_WINDOW.endAt) + i * 10 * 3_600_000).toISOString(),
    });
    for (let i = 0; i < 20; i++) {
      const created = await post(t.app, "/api/permits", completeDraft(fresh, apart(i)), { token });
      ids.push(created.json().data.id);
    }
    const sent = await Promise.all(ids.map((id) => post(t.app, `/api/permits/${id}/send`, undefined, { token })));
    expect(sent.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const year = new Date().getUTCFullYear();
    const numbers = sent.map((r) => r.json().data.documentNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => documentNumber(year, i + 1)));
    // The 21st has no credit left and takes no number.
    const last = await post(t.app, "/api/permits", completeDraft(fresh, apart(20)), { token });
    expectError(
      await post(t.app, `/api/permits/${last.json().data.id}/send`, undefined, { token }),
      409,
      "NO_PERMIT_CREDITS",
    );
  });
});

describe("POST /api/permits/:id/duplicate", () => {
  it("copies the work into a new draft of the caller, never the attestations: no answers, ticks, dates, files, number", async () => {
    const id = await draft();
    await upload(
      t.app,
      "POST",
      `/api/permits/${id}/files`,
      "file",
      { data: PDF_BYTES, filename: "a.pdf", type: "application/pdf" },
      await t.as(w.employee).call(),
    );
    expect((await act(id, "send", w.employee)).statusCode).toBe(200);
    await act(id, "verify", w.verifier);
    const copy = await t.as(w.supplierUser).post(`/api/permits/${id}/duplicate`, undefined);
    expect(copy.statusCode, copy.body).toBe(201);
    const data = copy.json().data;
    expect(data).toMatchObject({
      status: "pending",
      documentNumber: null,
      files: [],
      taskTitle: "Weld the tank flange",
      jobDescription: "Replace the flange of tank 3",
      internal: false,
      createdBy: { id: w.supplierUser.id },
      sector: { id: w.sector.id },
      subSector: { id: w.subSector.id },
      workType: { id: w.workType.id },
      probability: { id: w.probability.high.id },
      severity: { id: w.severity.high.id },
      risks: [{ id: w.risk.id }],
      specificRisks: [{ id: w.specificRisk.id }],
      epis: [{ id: w.epi.id }],
      // Whoever sends the copy answers for it anew.
      startAt: null,
      endAt: null,
      answers: { qualificationsAndTools: null, jsaComplete: null, newRiskPossible: null },
      checklist: [],
      verifiedBy: null,
      approvedBy: null,
      sentAt: null,
      sendMissing: {
        startAt: "startRequired",
        endAt: "endRequired",
        "answers.qualificationsAndTools": "answerRequired",
        "answers.jsaComplete": "answerRequired",
        "answers.newRiskPossible": "answerRequired",
      },
    });
    expect(data.id).not.toBe(id);
    expect((await t.as(w.supplierUser).get(`/api/permits/${data.id}/history`)).json().data).toMatchObject([
      { action: "duplicate", toStatus: "pending", actor: { id: w.supplierUser.id } },
    ]);
  });

  it("makes a principal's copy an internal permit, and refuses those who may not see or create", async () => {
    const id = await draft();
    // A contractor's never-sent draft is not the principal's to see, so not to copy either.
    expectError(await t.as(w.enterpriseUser).post(`/api/permits/${id}/duplicate`, undefined), 404, "NOT_FOUND");
    const sent = await draft();
    await putInStatus(t.ctx, sent, "sended");
    const copy = await t.as(w.enterpriseUser).post(`/api/permits/${sent}/duplicate`, undefined);
    expect(copy.json().data).toMatchObject({ internal: true, contractor: null });
    expectError(
      await t.as(w.otherTenant.enterpriseUser).post(`/api/permits/${id}/duplicate`, undefined),
      404,
      "NOT_FOUND",
    );
    expectError(await t.as(w.admin).post(`/api/permits/${id}/duplicate`, undefined), 403, "FORBIDDEN");
    await t.ctx.pool.query(
      "UPDATE affiliations SET status = 'detached' WHERE enterprise_id = $1 AND supplier_id = $2",
      [w.enterprise.id, w.supplier.id],
    );
    try {
      expectError(await t.as(w.employee).post(`/api/permits/${id}/duplicate`, undefined), 403, "AFFILIATION_ENDED");
      expectError(await act(id, "send", w.employee), 403, "AFFILIATION_ENDED");
    } finally {
      await t.ctx.pool.query(
        "UPDATE affiliations SET status = 'affiliated' WHERE enterprise_id = $1 AND supplier_id = $2",
        [w.enterprise.id, w.supplier.id],
      );
    }
  });
});

describe("GET /api/permits/:id/history", () => {
  it("is for those who see the permit", async () => {
    const id = await draft();
    expect((await t.as(w.supplierUser).get(`/api/permits/${id}/history`)).statusCode).toBe(200);
    expectError(await t.as(w.verifier).get(`/api/permits/${id}/history`), 404, "NOT_FOUND");
    await putInStatus(t.ctx, id, "sended");
    expect((await t.as(w.verifier).get(`/api/permits/${id}/history`)).statusCode).toBe(200);
    expectError(await t.as(w.otherSupplier.supplierUser).get(`/api/permits/${id}/history`), 404, "NOT_FOUND");
  });
});
