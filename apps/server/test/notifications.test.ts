import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { schedulerNotices } from "../src/modules/notifications";
import { runPermitScheduler } from "../src/modules/permit-scheduler";
import { postAcknowledging } from "./helpers/clash-acknowledging";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, get, post } from "./helpers/http";
import { expectInertMail, HOSTILE_NAME } from "./helpers/inert-mail";
import { textOf } from "./helpers/mail";
import { grant } from "./helpers/organisation";
import {
  actionBody,
  completeDraft,
  createPermitWorld,
  openNoticesOf,
  putInStatus,
  setCredits,
  signOnStraight,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
/** A second Verifier of the sector whose account is disabled: never told anything. */
let disabledVerifier: TPerson;

const act = async (id: string, action: string, person: TPerson, remark?: string) => {
  // Its permits share a place and window: the harness acknowledges their clashes (helpers/clash-acknowledging.ts).
  const response = await postAcknowledging(
    t.app,
    `/api/permits/${id}/${action}`,
    actionBody(action, remark === undefined ? {} : { remark }),
    await t.as(person).call(),
  );
  return response;
};
const step = async (id: string, action: string, person: TPerson, remark?: string) => {
  const response = await act(id, action, person, remark);
  expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
};

async function draft(overrides = {}) {
  const response = await t.as(w.employee).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A permit of the employee (its supplier's side) walked through the API up to after `actions`. */
async function permitAfter(actions: [string, TPerson, string?][], overrides = {}) {
  const id = await draft(overrides);
  for (const [action, person, remark] of actions) await step(id, action, person, remark);
  return id;
}

interface TToldRow {
  user_id: string;
  kind: string;
  params: Record<string, string | null>;
  link: string;
}
/** Who was told about this permit with this kind (every notification of a permit links to it). */
async function told(permitId: string, kind: string): Promise<TToldRow[]> {
  const { rows } = await t.ctx.pool.query<TToldRow>(
    "SELECT user_id, kind, params, link FROM notifications WHERE kind = $1 AND link LIKE '%/' || $2",
    [kind, permitId],
  );
  return rows;
}
const ids = (rows: TToldRow[]) => rows.map((r) => r.user_id).sort();
const of = (...people: TPerson[]) => people.map((p) => p.id).sort();
/** The text of the e-mail to `to` that names `permitId`, once the job queue has delivered it (the mailbox). */
async function mailAbout(to: string, permitId: string): Promise<string> {
  return textOf(await t.mailbox.waitFor(to, { where: (m) => textOf(m).includes(permitId) }));
}
const totalRows = async () => (await t.ctx.pool.query("SELECT count(*)::int AS n FROM notifications")).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  disabledVerifier = await createUser(
    t.ctx,
    "Responsible",
    { enterpriseId: w.enterprise.id, divisionId: w.division.id },
    "disabled",
  );
  await grant(t.ctx, disabledVerifier.id, w.sector.id, "verifier");
  // The employee reads French; everyone else English (the default).
  await t.ctx.db.update(users).set({ language: "fr" }).where(eq(users.id, w.employee.id));
});
afterAll(async () => t.close());

// First: the job queue delivers in turn, and the tests below queue many messages.
describe("the e-mail sent with each notification", () => {
  it("goes to each recipient in its language, with the remark and the permit's link", async () => {
    const id = await permitAfter([
      ["send", w.employee],
      ["recheck", w.verifier, "Joindre l'analyse de risques"],
    ]);
    const french = await mailAbout(w.employee.email, id);
    expect(french).toContain("demande une révision du permis");
    expect(french).toContain("Remarque : “Joindre l'analyse de risques”");
    expect(french).toContain(`${t.ctx.config.publicUrl}/employee/list-permis-sent/${id}`);

    const english = await mailAbout(w.supplierUser.email, id);
    expect(english).toContain("asks for a recheck of permit");
    expect(english).toContain(`/supplier/list-permis-sent/${id}`);
  });

  it("words a task title and a remark people typed as quoted data, never a link (docs/decisions.md)", async () => {
    const id = await permitAfter(
      [
        ["send", w.employee],
        ["recheck", w.verifier, HOSTILE_NAME],
      ],
      { taskTitle: HOSTILE_NAME },
    );
    const mail = await t.mailbox.waitFor(w.supplierUser.email, { where: (m) => textOf(m).includes(id) });
    expectInertMail(mail, t.ctx.config.publicUrl);
  });
});

describe("who is told of each transition", () => {
  it("send: the active Verifiers of the sector only, linked to the permit in their area", async () => {
    const id = await permitAfter([["send", w.employee]]);
    const rows = await told(id, "permit.sent");
    expect(ids(rows)).toEqual(of(w.verifier));
    expect(rows[0]).toMatchObject({
      link: `/responsible/permit/${id}`,
      params: {
        documentNumber: expect.stringMatching(/^PTW-/),
        taskTitle: "Weld the tank flange",
        actorName: expect.stringMatching(/^Employee /),
        remark: null,
      },
    });
  });

  it("verify (a level that needs approval): the creator's side and the sector's Approvers, never the Verifier", async () => {
    const id = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
    ]);
    const rows = await told(id, "permit.verified");
    expect(ids(rows)).toEqual(of(w.employee, w.supplierUser, w.approver));
    const linkOf = Object.fromEntries(rows.map((r) => [r.user_id, r.link]));
    expect(linkOf[w.employee.id]).toBe(`/employee/list-permis-sent/${id}`);
    expect(linkOf[w.supplierUser.id]).toBe(`/supplier/list-permis-sent/${id}`);
    expect(linkOf[w.approver.id]).toBe(`/responsible/permit/${id}`);
    expect(rows[0]!.params.status).toBe("Confirmed");
  });

  it("verify (a verify-only level, straight to Approved): the creator's side only", async () => {
    const id = await permitAfter(
      [
        ["send", w.employee],
        ["verify", w.verifier],
      ],
      { probabilityId: w.probability.low.id, severityId: w.severity.low.id },
    );
    const rows = await told(id, "permit.verified");
    expect(ids(rows)).toEqual(of(w.employee, w.supplierUser));
    expect(rows[0]!.params.status).toBe("Approved");
  });

  it("recheck and reject: the creator's side, with the remark", async () => {
    const rechecked = await permitAfter([
      ["send", w.employee],
      ["recheck", w.verifier, "Add the gas test"],
    ]);
    const recheckRows = await told(rechecked, "permit.recheck");
    expect(ids(recheckRows)).toEqual(of(w.employee, w.supplierUser));
    expect(recheckRows.map((r) => r.params.remark)).toEqual(["Add the gas test", "Add the gas test"]);

    const rejected = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
      ["reject", w.approver, "Too windy for hot work"],
    ]);
    const rejectRows = await told(rejected, "permit.rejected");
    expect(ids(rejectRows)).toEqual(of(w.employee, w.supplierUser));
    expect(rejectRows[0]!.params.remark).toBe("Too windy for hot work");
  });

  it("approve: the creator's side; accept: the Verifier and Approver who handled it", async () => {
    const id = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
      ["approve", w.approver],
      ["accept", w.employee],
    ]);
    expect(ids(await told(id, "permit.approved"))).toEqual(of(w.employee, w.supplierUser));
    expect(ids(await told(id, "permit.accepted"))).toEqual(of(w.verifier, w.approver));
  });

  it("start and end: the creator's side and the managers who handled it, never the actor", async () => {
    const id = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
      ["approve", w.approver],
      ["accept", w.supplierUser],
    ]);
    // The start needs a worker signed on (docs/safety.md, Crew).
    await signOnStraight(t.ctx, id);
    for (const [action, person] of [
      ["start", w.verifier],
      ["end", w.employee],
      ["handBack", w.verifier],
    ] as const) {
      await step(id, action, person);
    }
    expect(ids(await told(id, "permit.started"))).toEqual(of(w.employee, w.supplierUser, w.approver));
    // The close-out (by the employee) and the hand-back (by the verifier) each tell the others.
    expect(ids(await told(id, "permit.ended"))).toEqual(
      of(w.employee, w.supplierUser, w.supplierUser, w.verifier, w.approver, w.approver),
    );
  });

  it("cancel: whoever handled it or waits for it", async () => {
    const waitingForVerification = await permitAfter([
      ["send", w.employee],
      ["cancel", w.supplierUser],
    ]);
    expect(ids(await told(waitingForVerification, "permit.cancelled"))).toEqual(of(w.employee, w.verifier));

    const waitingForApproval = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
      ["cancel", w.enterpriseUser],
    ]);
    expect(ids(await told(waitingForApproval, "permit.cancelled"))).toEqual(
      of(w.employee, w.supplierUser, w.verifier, w.approver),
    );
  });

  it("tells a person once even when several reasons name it", async () => {
    // Verifier and Approver of the sector at once: it verified the permit and is among those who would approve it.
    const both = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
    await grant(t.ctx, both.id, w.sector.id, "both");
    const id = await permitAfter([
      ["send", w.employee],
      ["verify", both],
      ["cancel", w.enterpriseUser],
    ]);
    const rows = await told(id, "permit.cancelled");
    expect(ids(rows)).toEqual(of(w.employee, w.supplierUser, both, w.approver));
    expect(ids(await told(id, "permit.sent"))).toEqual(of(w.verifier, both));
  });

  it("tells nobody of a refused (403) or conflicting (409) action, nor of a send that fails", async () => {
    const id = await permitAfter([
      ["send", w.employee],
      ["verify", w.verifier],
      ["approve", w.approver],
    ]);
    const before = await totalRows();
    expectError(await act(id, "approve", w.verifier), 403, "FORBIDDEN");
    expectError(await act(id, "approve", w.approver), 409, "CONFLICT");
    expect(await totalRows()).toBe(before);

    const used = (
      await t.ctx.pool.query("SELECT credits_used FROM enterprise_permit_accounts WHERE enterprise_id = $1", [
        w.enterprise.id,
      ])
    ).rows[0].credits_used as number;
    await setCredits(t.ctx, w.enterprise.id, used);
    const unsendable = await draft();
    expectError(await act(unsendable, "send", w.employee), 409, "NO_PERMIT_CREDITS");
    expect(await totalRows()).toBe(before);
    await setCredits(t.ctx, w.enterprise.id, 100);
  });
});

describe("the scheduler's notices", () => {
  it("tells of a permit started at its start time, starting soon, or overdue", async () => {
    const now = new Date("2033-05-02T08:00:00Z");
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const handled = { verifiedBy: w.verifier.id, approvedBy: w.approver.id };
    const due = await draft();
    await putInStatus(t.ctx, due, "accepted", { ...handled, startAt: at(-1), endAt: at(480) });
    const soon = await draft();
    await putInStatus(t.ctx, soon, "accepted", { ...handled, startAt: at(10), endAt: at(480) });
    const overrun = await draft();
    await putInStatus(t.ctx, overrun, "In_progress", { ...handled, startAt: at(-600), endAt: at(-5) });

    await runPermitScheduler(t.ctx, now, schedulerNotices(t.ctx));
    const started = await told(due, "permit.started");
    expect(ids(started)).toEqual(of(w.employee, w.supplierUser, w.verifier, w.approver));
    expect(started[0]!.params.actorName).toBeNull();
    expect(ids(await told(soon, "permit.startsSoon"))).toEqual(of(w.employee, w.supplierUser));
    // Overdue: the holder's side and the area's managers (every active Verifier and Approver of the sector).
    const { rows: managers } = await t.ctx.pool.query<{ id: string }>(
      `SELECT u.id FROM sector_permissions sp JOIN users u ON u.id = sp.manager_id
        WHERE sp.sector_id = $1 AND u.status = 'active'`,
      [w.sector.id],
    );
    expect(managers.map((m) => m.id)).toEqual(expect.arrayContaining(of(w.verifier, w.approver)));
    expect(ids(await told(overrun, "permit.overdue"))).toEqual(
      [...of(w.employee, w.supplierUser), ...managers.map((m) => m.id)].sort(),
    );
  });
});

describe("a notice whose call was answered", () => {
  it("is done and read for everyone it went to once the permit moves on, whoever moved it; the next step's is not", async () => {
    // A second Verifier of the sector: both are told of the send, one of them verifies.
    const second = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
    await grant(t.ctx, second.id, w.sector.id, "verifier");
    const unread = async (person: TPerson) =>
      (await t.as(person).get("/api/notifications/unread-count")).json().data.count as number;
    const id = await permitAfter([["send", w.employee]]);
    const calledToVerify = await openNoticesOf(t.ctx, "permit.sent", id);
    expect(calledToVerify).toEqual(expect.arrayContaining([`${w.verifier.id}:unread`, `${second.id}:unread`]));
    expect(calledToVerify.every((n) => n.endsWith(":unread"))).toBe(true);
    const secondBefore = await unread(second);

    await step(id, "verify", w.verifier);
    expect(await openNoticesOf(t.ctx, "permit.sent", id)).toEqual([]);
    expect(await unread(second)).toBe(secondBefore - 1);
    const [notice] = (await t.as(second).get("/api/notifications?pageSize=100"))
      .json()
      .data.filter((n: { link: string }) => n.link.endsWith(id));
    expect(notice).toMatchObject({ kind: "permit.sent", doneAt: expect.any(String), readAt: expect.any(String) });
    // Verified: the Approver is now called to act, and the creator's side is told; theirs wait.
    const calledToApprove = await openNoticesOf(t.ctx, "permit.verified", id);
    expect(calledToApprove).toEqual(
      expect.arrayContaining([`${w.employee.id}:unread`, `${w.supplierUser.id}:unread`, `${w.approver.id}:unread`]),
    );
    expect(calledToApprove.every((n) => n.endsWith(":unread"))).toBe(true);
    await step(id, "approve", w.approver);
    expect(await openNoticesOf(t.ctx, "permit.verified", id)).toEqual([]);
    expect(await openNoticesOf(t.ctx, "permit.approved", id)).toEqual(
      [`${w.employee.id}:unread`, `${w.supplierUser.id}:unread`].sort(),
    );
  });

  it("is left as it was by a refused action, and by other permits' moves", async () => {
    const id = await permitAfter([["send", w.employee]]);
    const other = await permitAfter([["send", w.employee]]);
    // Not the Approver's move yet (409), nor anyone's of another tenant (404).
    expectError(await act(id, "approve", w.approver), 409, "CONFLICT");
    expectError(await act(id, "verify", w.otherTenant.responsible), 404, "NOT_FOUND");
    await step(other, "verify", w.verifier);
    expect(await openNoticesOf(t.ctx, "permit.sent", id)).toContain(`${w.verifier.id}:unread`);
  });
});

describe("the caller's notifications", () => {
  let reader: TPerson;
  const mine = async (query = "") => (await t.as(reader).get(`/api/notifications${query}`)).json();
  const unread = async (person: TPerson) =>
    (await t.as(person).get("/api/notifications/unread-count")).json().data.count as number;

  beforeAll(async () => {
    // A fresh Approver of the sector: its inbox holds only what this block causes.
    reader = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
    await grant(t.ctx, reader.id, w.sector.id, "approver");
    for (let i = 0; i < 3; i++) {
      await permitAfter([
        ["send", w.employee],
        ["verify", w.verifier],
      ]);
    }
  });

  it("lists its own, newest first, by pages, and counts the unread ones", async () => {
    const page = await mine("?pageSize=2");
    expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ kind: "permit.verified", readAt: null, link: expect.any(String) });
    expect(page.data[0].createdAt >= page.data[1].createdAt).toBe(true);
    expect((await mine("?page=2&pageSize=2")).data).toHaveLength(1);
    expect(await unread(reader)).toBe(3);
  });

  it("marks one read (another person's is 404), then all", async () => {
    const [first] = (await mine()).data;
    const marked = await t.as(reader).post(`/api/notifications/${first.id}/read`, undefined);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ id: first.id, readAt: expect.any(String) });
    expect(await unread(reader)).toBe(2);
    expect((await mine("?unread=true")).total).toBe(2);
    // The unread filter pages too, and the read one is in neither of its pages.
    const unreadPages = [await mine("?unread=true&pageSize=1"), await mine("?unread=true&pageSize=1&page=2")];
    expect(unreadPages.map((p) => [p.total, p.data.length])).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(unreadPages.flatMap((p) => p.data.map((n: { id: string }) => n.id))).not.toContain(first.id);

    for (const stranger of [w.approver, w.otherTenant.enterpriseUser, w.supplierUser]) {
      expectError(await t.as(stranger).post(`/api/notifications/${first.id}/read`, undefined), 404, "NOT_FOUND");
    }
    expectError(await t.as(reader).post("/api/notifications/not-an-id/read", undefined), 400, "VALIDATION_FAILED");

    const all = await t.as(reader).post("/api/notifications/read-all", undefined);
    expect(all.json().data).toEqual({ count: 2 });
    expect(await unread(reader)).toBe(0);
  });

  it("is there for every signed-in role (the admin's is empty), and for nobody signed out", async () => {
    expect((await t.as(w.admin).get("/api/notifications")).json()).toMatchObject({ total: 0, data: [] });
    expect(await unread(w.otherTenant.enterpriseUser)).toBe(0);
    expectError(await get(t.app, "/api/notifications"), 401, "UNAUTHENTICATED");
    expectError(await get(t.app, "/api/notifications/unread-count"), 401, "UNAUTHENTICATED");
    expectError(await post(t.app, "/api/notifications/read-all"), 401, "UNAUTHENTICATED");
    expectError(await t.as(reader).get("/api/notifications?pageSize=500"), 400, "VALIDATION_FAILED");
  });
});
