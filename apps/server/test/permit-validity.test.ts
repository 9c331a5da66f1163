import { ACCEPTANCE_DECLARATION, type TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterprises, users } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields, upload } from "./helpers/http";
import { PDF_BYTES } from "./helpers/organisation";
import { completeDraft, createPermitWorld, putInStatus, statusOf, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

/** A permit of the employee put straight into `status`, its window `from`..`to` hours from now. */
async function permitIn(status: TPermitStatus, from = -1, to = 8) {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  const now = Date.now();
  const window = { startAt: new Date(now + from * HOUR), endAt: new Date(now + to * HOUR) };
  await putInStatus(t.ctx, id, status, { ...window, verifiedBy: w.verifier.id, approvedBy: w.approver.id });
  return id;
}
const accept = (id: string, person: TPerson, body?: unknown) => t.as(person).post(`/api/permits/${id}/accept`, body);
const start = (id: string, person: TPerson) => t.as(person).post(`/api/permits/${id}/start`, undefined);

describe("the holder accepts the conditions", () => {
  it("only by declaring it (400 naming `declaration`), and nothing changes without", async () => {
    const id = await permitIn("Approved");
    expectFields(await accept(id, w.employee), { declaration: "declarationRequired" });
    expectFields(await accept(id, w.employee, { declaration: false }), { declaration: "declarationRequired" });
    expectFields(await accept(id, w.employee, { declaration: "yes" }), { declaration: "declarationRequired" });
    expect(await statusOf(t.ctx, id)).toBe("Approved");
  });

  it("records who accepted, when, and the declaration's words in their language (detail, history)", async () => {
    const id = await permitIn("Approved");
    await t.ctx.db.update(users).set({ language: "fr" }).where(eq(users.id, w.supplierUser.id));
    const response = await accept(id, w.supplierUser, { declaration: true });
    await t.ctx.db.update(users).set({ language: "en" }).where(eq(users.id, w.supplierUser.id));
    expect(response.statusCode, response.body).toBe(200);
    const permit = response.json().data;
    expect(permit).toMatchObject({
      status: "accepted",
      acceptedBy: { id: w.supplierUser.id },
      acceptanceDeclaration: ACCEPTANCE_DECLARATION.fr,
    });
    expect(Date.now() - Date.parse(permit.acceptedAt)).toBeLessThan(60_000);
    const history = (await t.as(w.verifier).get(`/api/permits/${id}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({ action: "accept", actor: { id: w.supplierUser.id } });
  });

  it("is the holder's side's alone: a manager 403, another tenant 404", async () => {
    const id = await permitIn("Approved");
    expectError(await accept(id, w.verifier, { declaration: true }), 403, "FORBIDDEN");
    expectError(await accept(id, w.superResponsible, { declaration: true }), 403, "FORBIDDEN");
    expectError(await accept(id, w.otherTenant.supplierUser, { declaration: true }), 404, "NOT_FOUND");
    expectError(await accept(id, w.otherTenant.enterpriseUser, { declaration: true }), 404, "NOT_FOUND");
    expect(await statusOf(t.ctx, id)).toBe("Approved");
  });
});

describe("the conditions the holder reads", () => {
  it("give each specific risk's procedures, links then files, which the holder may download and no other tenant", async () => {
    const link = { title: "Entry procedure", url: "https://docs.example.com/entry.pdf" };
    const patched = await t
      .as(w.enterpriseUser)
      .patch(`/api/specific-risks/${w.specificRisk.id}`, { procedureLinks: [link] });
    expect(patched.statusCode, patched.body).toBe(200);
    const pdf = { data: PDF_BYTES, filename: "rescue.pdf", type: "application/pdf" };
    const call = await t.as(w.enterpriseUser).call();
    const uploaded = await upload(t.app, "POST", `/api/specific-risks/${w.specificRisk.id}/files`, "file", pdf, call);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = await permitIn("Approved");
    const permit = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
    const fileUrl = `/api/specific-risks/${w.specificRisk.id}/files/${uploaded.json().data.id}`;
    expect(permit.specificRisks[0].procedures).toEqual([
      { name: link.title, url: link.url, kind: "link" },
      { name: "rescue.pdf", url: fileUrl, kind: "file" },
    ]);
    expect((await t.as(w.employee).get(fileUrl)).rawPayload.equals(PDF_BYTES)).toBe(true);
    expectError(await t.as(w.otherTenant.supplierUser).get(fileUrl), 404, "NOT_FOUND");
  });
});

describe("start only inside the window", () => {
  it.each([
    ["the supplier", () => w.supplierUser],
    ["the employee", () => w.employee],
    ["a manager of the sector", () => w.verifier],
  ])("holds for %s: before the window and after it 409, inside it 200", async (_who, person) => {
    const early = await permitIn("accepted", 2, 6);
    expectError(await start(early, person()), 409, "OUTSIDE_PERMIT_WINDOW");
    const late = await permitIn("accepted", -6, -1);
    expectError(await start(late, person()), 409, "OUTSIDE_PERMIT_WINDOW");
    expect([await statusOf(t.ctx, early), await statusOf(t.ctx, late)]).toEqual(["accepted", "accepted"]);
    expect((await start(await permitIn("accepted", -1, 6), person())).statusCode).toBe(200);
  });
});

describe("overdue and expired on the permit", () => {
  it("flags in-progress work past its end as overdue, on the detail and the lists", async () => {
    const overdue = await permitIn("In_progress", -9, -1);
    const running = await permitIn("In_progress", -1, 6);
    const detail = async (id: string) => (await t.as(w.verifier).get(`/api/permits/${id}`)).json().data;
    expect(await detail(overdue)).toMatchObject({ overdue: true, expired: false });
    expect(await detail(running)).toMatchObject({ overdue: false });
    const list = (await t.as(w.enterpriseUser).get("/api/permits?status=In_progress&pageSize=100")).json().data;
    const flagOf = (id: string) => list.find((p: { id: string }) => p.id === id)?.flags.includes("overdue");
    expect([flagOf(overdue), flagOf(running)]).toEqual([true, false]);
  });

  it("flags a permit closed as expired", async () => {
    const id = await permitIn("Canceled", -9, -1);
    await putInStatus(t.ctx, id, "Canceled", { expiredAt: new Date() });
    expect((await t.as(w.employee).get(`/api/permits/${id}`)).json().data).toMatchObject({
      status: "Canceled",
      expired: true,
    });
  });
});

describe("the enterprise's permit validity settings", () => {
  const URL = "/api/enterprise/permit-settings";
  const SETTINGS = { startGraceMinutes: 20, overdueEscalationGraceMinutes: 45, waitingEscalationDelayMinutes: 120 };

  it("start at the defaults and are changed by the Enterprise, with an audit entry", async () => {
    const tenant = w.otherTenant;
    expect((await t.as(tenant.enterpriseUser).get(URL)).json().data).toEqual({
      startGraceMinutes: 15,
      overdueEscalationGraceMinutes: 30,
      waitingEscalationDelayMinutes: 240,
      permitsPerWorker: 1,
      shiftLengthHours: null,
    });
    const response = await t.as(tenant.enterpriseUser).put(URL, SETTINGS);
    expect(response.statusCode, response.body).toBe(200);
    // Left out of the PUT, the crew's setting and the shift length keep their values.
    expect(response.json().data).toEqual({ ...SETTINGS, permitsPerWorker: 1, shiftLengthHours: null });
    const [row] = await t.ctx.db
      .select({ grace: enterprises.overdueEscalationGraceMinutes })
      .from(enterprises)
      .where(eq(enterprises.id, tenant.enterprise.id));
    expect(row?.grace).toBe(45);
    const { rows } = await t.ctx.pool.query(
      "SELECT details FROM audit_log WHERE action = 'permitSettings.changed' AND chain = $1",
      [tenant.enterprise.id],
    );
    expect(rows.at(-1)?.details).toMatchObject({ after: SETTINGS, before: { startGraceMinutes: 15 } });
    // The other tenant's settings are its own.
    expect((await t.as(w.enterpriseUser).get(URL)).json().data.overdueEscalationGraceMinutes).toBe(30);
  });

  it("refuses values out of range, naming each field", async () => {
    const response = await t.as(w.enterpriseUser).put(URL, {
      startGraceMinutes: 241,
      overdueEscalationGraceMinutes: -1,
      waitingEscalationDelayMinutes: 10,
    });
    expectFields(response, {
      startGraceMinutes: "outOfRange",
      overdueEscalationGraceMinutes: "outOfRange",
      waitingEscalationDelayMinutes: "outOfRange",
    });
    expectFields(await t.as(w.enterpriseUser).put(URL, { ...SETTINGS, startGraceMinutes: 1.5 }), {
      startGraceMinutes: "invalidNumberFormat",
    });
    // The database holds the same ranges.
    await expect(
      t.ctx.db.update(enterprises).set({ waitingEscalationDelayMinutes: 5 }).where(eq(enterprises.id, w.enterprise.id)),
    ).rejects.toThrow();
  });

  it("are the Enterprise's alone to read and change", async () => {
    for (const person of [w.superResponsible, w.verifier, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get(URL), 403, "FORBIDDEN");
      expectError(await t.as(person).put(URL, SETTINGS), 403, "FORBIDDEN");
    }
  });
});
