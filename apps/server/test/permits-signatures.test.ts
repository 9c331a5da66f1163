import { SIGNATURE_DECLARATIONS } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNATURE_MAX_FAILURES } from "../src/modules/permits/signatures/signer";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, patch } from "./helpers/http";
import { grant } from "./helpers/organisation";
import {
  actionBody,
  CLOSED_OUT,
  completeDraft,
  createPermitWorld,
  putInStatus,
  SIGNED,
  statusOf,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const act = (id: string, action: string, person: TPerson, body: Record<string, unknown> = actionBody(action)) =>
  t.as(person).post(`/api/permits/${id}/${action}`, body);
const read = async (id: string, person: TPerson = w.employee) =>
  (await t.as(person).get(`/api/permits/${id}`)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function sent() {
  const created = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await act(id, "send", w.employee)).statusCode).toBe(200);
  return id;
}
async function inProgress() {
  const id = await sent();
  await putInStatus(t.ctx, id, "In_progress", { verifiedBy: w.verifier.id, approvedBy: w.approver.id });
  return id;
}
/** A Verifier of the permit world's sector of its own, so that its failed attempts are its own. */
async function freshVerifier() {
  const person = await createUser(t.ctx, "Responsible", { enterpriseId: w.enterprise.id, divisionId: w.division.id });
  await grant(t.ctx, person.id, w.sector.id, "verifier");
  return person;
}

describe("a signature (verify, approve, hand-back)", () => {
  it("needs the password and the declaration (400, each field named), and changes nothing without them", async () => {
    const id = await sent();
    expectFields(await act(id, "verify", w.verifier, {}), {
      password: "passwordRequired",
      declaration: "declarationRequired",
    });
    expectFields(await act(id, "verify", w.verifier, { password: SIGNED.password, declaration: false }), {
      declaration: "declarationRequired",
    });
    expect(await statusOf(t.ctx, id)).toBe("sended");
    expect((await read(id)).signatures).toEqual([]);
  });

  it("refuses a wrong password with 401 SIGNATURE_PASSWORD_INVALID and signs nothing", async () => {
    const id = await sent();
    expectError(
      await act(id, "verify", w.verifier, { ...SIGNED, password: "Not-my-password-1" }),
      401,
      "SIGNATURE_PASSWORD_INVALID",
    );
    expect(await statusOf(t.ctx, id)).toBe("sended");
    expect((await read(id)).signatures).toEqual([]);
    // The session stays: the same person signs with the right password at once.
    expect((await act(id, "verify", w.verifier)).statusCode).toBe(200);
  });

  it("locks signing for the person after five wrong passwords in a row (429), even with the right one", async () => {
    const signer = await freshVerifier();
    const id = await sent();
    const wrong = { ...SIGNED, password: "Not-my-password-1" };
    for (let i = 0; i < 4; i++) expectError(await act(id, "verify", signer, wrong), 401, "SIGNATURE_PASSWORD_INVALID");
    // A success in between starts the count again ("in a row")…
    const other = await sent();
    expect((await act(other, "verify", signer)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expectError(await act(id, "verify", signer, wrong), 401, "SIGNATURE_PASSWORD_INVALID");
    // …five in a row lock it.
    expectError(await act(id, "verify", signer), 429, "TOO_MANY_ATTEMPTS");
    expect(await statusOf(t.ctx, id)).toBe("sended");
    // Someone else still signs; the locked person still signs in (signing has its own count).
    expect((await act(id, "verify", w.verifier)).statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: signer.email, password: SIGNED.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("checks no more than five of many wrong signing passwords sent together", async () => {
    const signer = await freshVerifier();
    const id = await sent();
    const wrong = { ...SIGNED, password: "Not-my-password-1" };
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(id, "verify", signer, wrong)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGNATURE_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SIGNATURE_MAX_FAILURES);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    const { rows } = await t.ctx.pool.query(
      `SELECT outcome, reason, count(*)::int AS n FROM auth_attempts WHERE user_id = $1 AND purpose = 'signature'
       GROUP BY outcome, reason ORDER BY outcome`,
      [signer.id],
    );
    expect(rows).toEqual([
      { outcome: "failure", reason: "wrong password", n: SIGNATURE_MAX_FAILURES },
      { outcome: "throttled", reason: "locked", n: 20 - SIGNATURE_MAX_FAILURES },
    ]);
  });

  it("stores who, when, the declaration in the signer's language and the content's hash, on the permit", async () => {
    const id = await sent();
    await act(id, "verify", w.verifier, { ...SIGNED, language: "fr" });
    const approved = await act(id, "approve", w.approver);
    expect(approved.statusCode, approved.body).toBe(200);
    const { signatures } = approved.json().data;
    expect(signatures).toMatchObject([
      {
        kind: "verify",
        signer: { id: w.verifier.id, role: "Responsible" },
        language: "fr",
        declaration: SIGNATURE_DECLARATIONS.verify.fr,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        voidedAt: null,
      },
      {
        kind: "approve",
        signer: { id: w.approver.id },
        language: "en",
        declaration: SIGNATURE_DECLARATIONS.approve.en,
      },
    ]);
    // Nothing changed between the two: both vouch for the same content.
    expect(signatures[0].contentHash).toBe(signatures[1].contentHash);
  });

  it("voids the signatures at a resend after a recheck, and a changed content signs a different hash", async () => {
    const id = await sent();
    const first = (await act(id, "verify", w.verifier)).json().data.signatures[0].contentHash;
    expect((await act(id, "recheck", w.approver, { remark: "Add the noise" })).statusCode).toBe(200);
    const edited = await patch(
      t.app,
      `/api/permits/${id}`,
      completeDraft(w, { taskTitle: "Welding, with ear defenders" }),
      await t.as(w.employee).call(),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await act(id, "send", w.employee)).statusCode).toBe(200);
    const resent = await read(id);
    expect(resent.signatures).toMatchObject([{ kind: "verify", voidedAt: expect.any(String) }]);
    const again = (await act(id, "verify", w.verifier)).json().data.signatures;
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ kind: "verify", voidedAt: null });
    expect(again[1].contentHash).not.toBe(first);
  });

  it("refuses to vouch for content other than the one the signer read (409), as after a resend in another tab", async () => {
    const id = await sent();
    const read1 = await read(id, w.verifier);
    expect(read1.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // While the verifier's dialog is open, the permit is sent back, edited and resent.
    expect((await act(id, "recheck", w.verifier, { remark: "Name the scaffold" })).statusCode).toBe(200);
    const edited = completeDraft(w, { taskTitle: "Welding from the scaffold" });
    const call = await t.as(w.employee).call();
    expect((await patch(t.app, `/api/permits/${id}`, edited, call)).statusCode).toBe(200);
    expect((await act(id, "send", w.employee)).statusCode).toBe(200);
    expectError(await act(id, "verify", w.verifier, { ...SIGNED, contentHash: read1.contentHash }), 409, "CONFLICT");
    expect(await statusOf(t.ctx, id)).toBe("sended");
    expect((await read(id)).signatures).toEqual([]);
    expectFields(await act(id, "verify", w.verifier, { ...SIGNED, contentHash: "not-a-hash" }), {
      contentHash: "invalidValue",
    });
    // Read again, the new content is signed, and the signature vouches for what was read.
    const read2 = await read(id, w.verifier);
    expect(read2.contentHash).not.toBe(read1.contentHash);
    const signed = await act(id, "verify", w.verifier, { ...SIGNED, contentHash: read2.contentHash });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.signatures[0].contentHash).toBe(read2.contentHash);
  });

  it("approves only over a verify signature that still holds (409 otherwise)", async () => {
    const id = await sent();
    // Put into Confirmed without any signature, as data from before signatures would be.
    await putInStatus(t.ctx, id, "Confirmed");
    expectError(await act(id, "approve", w.approver), 409, "CONFLICT");
    expect(await statusOf(t.ctx, id)).toBe("Confirmed");
  });

  it("is the signer's own: another tenant's manager does not see the permit (404)", async () => {
    const id = await sent();
    expectError(await act(id, "verify", w.otherTenant.responsible), 404, "NOT_FOUND");
  });
});

describe("the close-out (end) and the hand-back", () => {
  it("needs each answer, the three safety ones yes, and what remains when the work is not complete", async () => {
    const id = await inProgress();
    expectFields(await act(id, "end", w.employee, {}), {
      workComplete: "answerRequired",
      areaSafe: "areaNotSafe",
      toolsRemoved: "toolsNotRemoved",
      peopleOut: "peopleNotOut",
    });
    expectFields(await act(id, "end", w.employee, { ...CLOSED_OUT, workComplete: false, areaSafe: false }), {
      remainingWork: "remainingWorkRequired",
      areaSafe: "areaNotSafe",
    });
    expect((await read(id)).closeOut).toBeNull();
  });

  it("is the holder's: the contractor side closes out, a manager may not (403)", async () => {
    const id = await inProgress();
    expectError(await act(id, "end", w.verifier), 403, "FORBIDDEN");
    const closed = await act(id, "end", w.supplierUser, { ...CLOSED_OUT, workComplete: false, remainingWork: "Paint" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: "In_progress",
      awaitingHandBack: true,
      closeOut: { workComplete: false, remainingWork: "Paint", areaSafe: true, by: { id: w.supplierUser.id } },
    });
    // Recorded once: a second close-out is refused.
    expectError(await act(id, "end", w.employee), 409, "CONFLICT");
  });

  it("ends the permit only by a signed hand-back of a sector manager other than the creator, after the close-out", async () => {
    const id = await inProgress();
    expectError(await act(id, "handBack", w.verifier), 409, "CONFLICT");
    await act(id, "end", w.employee);
    expectError(await act(id, "handBack", w.employee), 403, "FORBIDDEN");
    expectError(await act(id, "handBack", w.otherTenant.responsible), 404, "NOT_FOUND");
    expectFields(await act(id, "handBack", w.approver, {}), {
      password: "passwordRequired",
      declaration: "declarationRequired",
    });
    expectError(
      await act(id, "handBack", w.approver, { ...SIGNED, password: "Wrong-pass-99" }),
      401,
      "SIGNATURE_PASSWORD_INVALID",
    );
    const ended = await act(id, "handBack", w.approver);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({
      status: "Ended",
      awaitingHandBack: false,
    });
    expect(ended.json().data.signatures.at(-1)).toMatchObject({
      kind: "handBack",
      signer: { id: w.approver.id },
      voidedAt: null,
    });
  });

  it("takes a closed-out permit past its end off the overdue list: it awaits its hand-back", async () => {
    const id = await inProgress();
    const past = { startAt: new Date(Date.now() - 5 * 3600_000), endAt: new Date(Date.now() - 3600_000) };
    await putInStatus(t.ctx, id, "In_progress", past);
    const overdue = async () =>
      (await t.as(w.enterpriseUser).get("/api/permits?overdue=true")).json().data.map((p: { id: string }) => p.id);
    expect(await overdue()).toContain(id);
    await act(id, "end", w.employee);
    expect(await overdue()).not.toContain(id);
  });

  it('puts a closed-out permit on the managers\' to-do list and in their "Waiting for me"', async () => {
    const id = await inProgress();
    const todo = async () =>
      (await t.as(w.verifier).get("/api/permits?view=todo")).json().data.map((p: { id: string }) => p.id);
    const waiting = async () => (await t.as(w.verifier).get("/api/dashboard")).json().data.figures.waitingForMe;
    const before = await waiting();
    expect(await todo()).not.toContain(id);
    await act(id, "end", w.employee);
    expect(await todo()).toContain(id);
    expect(await waiting()).toBe(before + 1);
    // The creator's side never sees its own permit there.
    expect((await t.as(w.employee).get("/api/permits?view=todo")).json().data).toEqual([]);
  });

  it("counts an internal permit waiting for its creator's acceptance in the creator's \"Waiting for me\"", async () => {
    const creator = await createUser(t.ctx, "Responsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.division.id,
    });
    const created = await t.as(creator).post("/api/permits", completeDraft(w));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const waiting = async () => (await t.as(creator).get("/api/dashboard")).json().data.figures.waitingForMe;
    const before = await waiting();
    await putInStatus(t.ctx, id, "Approved", { verifiedBy: w.verifier.id, approvedBy: w.approver.id });
    expect((await read(id, creator)).actions).toContain("accept");
    expect(await waiting()).toBe(before + 1);
  });
});
