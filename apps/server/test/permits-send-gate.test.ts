import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterprisePermitAccounts, enterprises, permits, workTypes } from "../src/db/schema";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { addSector, addSubSector, grant } from "./helpers/organisation";
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

/**
 * Sending is a gate (docs/safety.md): a permit answered the unsafe way, with a checklist item not ticked, a window
 * already past or longer than its work type allows, or no sub-sector in a divided sector cannot be sent — 400 with
 * every reason named at once, and nothing changes: no status, no number, no credit.
 */
let t: TTestApp;
let w: TPermitWorld;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function draft(overrides = {}, person: TPerson = w.employee) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const send = (id: string, person: TPerson = w.employee) => t.as(person).post(`/api/permits/${id}/send`, undefined);
/** A window starting `fromNow` ms from now and lasting `hours`. */
const windowAt = (fromNow: number, hours: number) => {
  const start = Date.now() + fromNow;
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + hours * HOUR).toISOString() };
};

async function expectUnsent(id: string) {
  const [row] = await t.ctx.db.select().from(permits).where(eq(permits.id, id));
  expect(row).toMatchObject({ status: "pending", documentNumber: null, sentAt: null });
}
const creditsUsed = async () =>
  (
    await t.ctx.db
      .select({ used: enterprisePermitAccounts.creditsUsed })
      .from(enterprisePermitAccounts)
      .where(eq(enterprisePermitAccounts.enterpriseId, w.enterprise.id))
  )[0]!.used;

describe("the send gate", () => {
  it("refuses workers without their qualifications and tools, and a job safety analysis not complete", async () => {
    const used = await creditsUsed();
    const id = await draft({ answers: { qualificationsAndTools: false, jsaComplete: false, newRiskPossible: false } });
    expectFields(await send(id), {
      "answers.qualificationsAndTools": "qualificationsMissing",
      "answers.jsaComplete": "jsaIncomplete",
    });
    await expectUnsent(id);
    expect(await creditsUsed()).toBe(used);
    // The draft itself says so before anyone presses Send.
    expect((await t.as(w.employee).get(`/api/permits/${id}`)).json().data.sendMissing).toEqual({
      "answers.qualificationsAndTools": "qualificationsMissing",
      "answers.jsaComplete": "jsaIncomplete",
    });
  });

  it("needs a possible new risk described with its controls", async () => {
    const answers = { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: true };
    const id = await draft({ answers });
    expectFields(await send(id), { newRiskDescription: "newRiskDescriptionRequired" });
    await expectUnsent(id);
    const described = await draft({ answers, newRiskDescription: "Falling sparks below: fire blanket, second watch" });
    expect((await send(described)).statusCode).toBe(200);
    expect((await t.as(w.verifier).get(`/api/permits/${described}`)).json().data.newRiskDescription).toBe(
      "Falling sparks below: fire blanket, second watch",
    );
  });

  it("needs every checklist item of the work type and of each specific risk ticked", async () => {
    const untickedRisk = completeDraft(w).checklist!.map((item) =>
      item.source === "specificRisk" ? { ...item, checked: false } : item,
    );
    const id = await draft({ checklist: untickedRisk });
    expectFields(await send(id), { checklist: "checklistIncomplete" });
    expect((await t.as(w.employee).get(`/api/permits/${id}`)).json().data.sendMissing).toEqual({
      checklist: "checklistIncomplete",
    });
    // An item left out of the saved answers is not ticked either.
    const missingOne = await draft({ checklist: workTypeTicks(w).slice(1).concat(untickedRisk.slice(2)) });
    expectFields(await send(missingOne), { checklist: "checklistIncomplete" });
    await expectUnsent(missingOne);
  });

  it("asks again for an item added to or reworded in the work type's checklist since the draft was saved", async () => {
    const [type] = await t.ctx.db
      .insert(workTypes)
      .values({ enterpriseId: w.enterprise.id, kind: "general", name: "Grinding", checklist: ["Guard fitted"] })
      .returning();
    const ticks = [
      { source: "workType" as const, sourceId: type!.id, index: 0, checked: true },
      { source: "specificRisk" as const, sourceId: w.specificRisk.id, index: 0, checked: true },
    ];
    const id = await draft({ workTypeId: type!.id, checklist: ticks });
    await t.ctx.db
      .update(workTypes)
      .set({ checklist: ["Guard fitted and checked"] })
      .where(eq(workTypes.id, type!.id));
    expectFields(await send(id), { checklist: "checklistIncomplete" });
    await t.ctx.db
      .update(workTypes)
      .set({ checklist: ["Guard fitted", "Sparks screened"] })
      .where(eq(workTypes.id, type!.id));
    expectFields(await send(id), { checklist: "checklistIncomplete" });
    await t
      .as(w.employee)
      .patch(
        `/api/permits/${id}`,
        completeDraft(w, { workTypeId: type!.id, checklist: [...ticks, { ...ticks[0]!, index: 1 }] }),
      );
    expect((await send(id)).statusCode).toBe(200);
  });

  it("takes 'not applicable' with a reason for an item the enterprise allows so, and only for it", async () => {
    const [type] = await t.ctx.db
      .insert(workTypes)
      .values({
        enterpriseId: w.enterprise.id,
        kind: "general",
        name: "Painting",
        checklist: ["Area ventilated", "Scaffold tagged"],
        checklistMayBeNotApplicable: [1],
      })
      .returning();
    const item = (index: number, answer: object) => ({
      source: "workType" as const,
      sourceId: type!.id,
      index,
      checked: false,
      ...answer,
    });
    const risk = { source: "specificRisk" as const, sourceId: w.specificRisk.id, index: 0, checked: true };
    const ticked = item(0, { checked: true });
    // Where the enterprise did not allow it: refused when saved, the item named.
    const refused = await t
      .as(w.employee)
      .post("/api/permits", completeDraft(w, { workTypeId: type!.id, checklist: [item(0, { notApplicable: true })] }));
    expectFields(refused, { checklist: "invalidValue" });
    // Ticked and not applicable at once says two things: refused.
    const both = await t
      .as(w.employee)
      .post(
        "/api/permits",
        completeDraft(w, { workTypeId: type!.id, checklist: [item(1, { checked: true, notApplicable: true })] }),
      );
    expect(both.statusCode).toBe(400);
    // Allowed, but the reason is what makes it an answer.
    const id = await draft({ workTypeId: type!.id, checklist: [ticked, item(1, { notApplicable: true }), risk] });
    expectFields(await send(id), { checklist: "checklistReasonRequired" });
    await expectUnsent(id);
    const reason = "No scaffold: the work is done from the ground";
    const patched = await t.as(w.employee).patch(
      `/api/permits/${id}`,
      completeDraft(w, {
        workTypeId: type!.id,
        checklist: [ticked, item(1, { notApplicable: true, notApplicableReason: reason }), risk],
      }),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    // Allowed no more once saved: the item must be ticked after all.
    await t.ctx.db.update(workTypes).set({ checklistMayBeNotApplicable: [] }).where(eq(workTypes.id, type!.id));
    expectFields(await send(id), { checklist: "checklistIncomplete" });
    await t.ctx.db
      .update(workTypes)
      .set({ checklistMayBeNotApplicable: [1] })
      .where(eq(workTypes.id, type!.id));
    expect((await send(id)).statusCode).toBe(200);
    const read = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
    expect(read.checklist[1]).toMatchObject({
      text: "Scaffold tagged",
      checked: false,
      notApplicable: true,
      notApplicableReason: reason,
    });
    const pdf = await t.as(w.employee).get(`/api/permits/${id}/pdf`);
    // The item and its reason on one line (the dash is WinAnsi's, read back here as latin1).
    // (Read as a run of words: where a line wraps depends on the text printed before it.)
    expect(pdfText(pdf).join(" ").replace(/\s+/g, " ")).toMatch(
      new RegExp(`Scaffold tagged .{1,3} Not applicable: ${reason}`),
    );
  });

  it("refuses a window that started longer ago than the enterprise's grace, and takes one within it", async () => {
    const late = await draft(windowAt(-HOUR, 4));
    expectFields(await send(late), { startAt: "startInPast" });
    await expectUnsent(late);
    const withinGrace = await draft(windowAt(-10 * MINUTE, 4));
    expect((await send(withinGrace)).statusCode).toBe(200);
    // No grace at all: ten minutes ago is in the past.
    await t.ctx.db.update(enterprises).set({ permitStartGraceMinutes: 0 }).where(eq(enterprises.id, w.enterprise.id));
    try {
      expectFields(await send(await draft(windowAt(-10 * MINUTE, 4))), { startAt: "startInPast" });
    } finally {
      await t.ctx.db
        .update(enterprises)
        .set({ permitStartGraceMinutes: 15 })
        .where(eq(enterprises.id, w.enterprise.id));
    }
  });

  it("refuses a window longer than the work type's maximum validity (12 h unless the enterprise allows more)", async () => {
    const long = await draft(windowAt(HOUR, 13));
    expectFields(await send(long), { endAt: "windowTooLong" });
    await expectUnsent(long);
    expect((await send(await draft(windowAt(HOUR, 12)))).statusCode).toBe(200);
    await t.ctx.db.update(workTypes).set({ maxValidityHours: 24 }).where(eq(workTypes.id, w.workType.id));
    try {
      expect((await send(long)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(workTypes).set({ maxValidityHours: 12 }).where(eq(workTypes.id, w.workType.id));
    }
  });

  it("needs the sub-sector of a sector divided into sub-sectors, not of one that is not", async () => {
    const id = await draft({ subSectorId: null });
    expectFields(await send(id), { subSectorId: "subSectorRequired" });
    await expectUnsent(id);
    const whole = await addSector(t.ctx, w.division);
    await grant(t.ctx, w.verifier.id, whole.id, "verifier");
    expect((await send(await draft({ sectorId: whole.id, subSectorId: null }))).statusCode).toBe(200);
    // Divided later: the next send needs the sub-sector.
    await addSubSector(t.ctx, whole.id);
    expectFields(await send(await draft({ sectorId: whole.id, subSectorId: null })), {
      subSectorId: "subSectorRequired",
    });
  });

  it("names every reason at once", async () => {
    const id = await draft({
      ...windowAt(-3 * HOUR, 20),
      subSectorId: null,
      answers: { qualificationsAndTools: false, jsaComplete: true, newRiskPossible: true },
      checklist: [],
      epiIds: [],
    });
    expectFields(await send(id), {
      subSectorId: "subSectorRequired",
      startAt: "startInPast",
      endAt: "windowTooLong",
      "answers.qualificationsAndTools": "qualificationsMissing",
      newRiskDescription: "newRiskDescriptionRequired",
      checklist: "checklistIncomplete",
      epiIds: "invalidValue",
    });
    await expectUnsent(id);
  });

  it("refuses with NO_PERMIT_MANAGER a permit whose only possible Verifier is its own creator", async () => {
    // A Responsible who is the sector's only Verifier writes an internal permit: nobody else could verify it.
    const alone = await addSector(t.ctx, w.division);
    const manager = await createUser(t.ctx, "Responsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.division.id,
    });
    await grant(t.ctx, manager.id, alone.id, "both");
    const id = await draft(
      {
        sectorId: alone.id,
        subSectorId: null,
        riskIds: [],
        specificRiskIds: [],
        epiIds: [],
        checklist: workTypeTicks(w),
      },
      manager,
    );
    expectError(await send(id, manager), 409, "NO_PERMIT_MANAGER");
    await expectUnsent(id);
    // A second Verifier: the permit can go out, to them.
    await grant(t.ctx, w.verifier.id, alone.id, "verifier");
    expect((await send(id, manager)).statusCode).toBe(200);
  });
});

describe("the period of validity", () => {
  it("starts work only from the window's start less the grace to its end (409 OUTSIDE_PERMIT_WINDOW)", async () => {
    const start = (id: string) => t.as(w.employee).post(`/api/permits/${id}/start`, undefined);
    const accepted = async (fromNow: number, hours: number) => {
      const id = await draft();
      const window = windowAt(fromNow, hours);
      await putInStatus(t.ctx, id, "accepted", { startAt: new Date(window.startAt), endAt: new Date(window.endAt) });
      return id;
    };
    const early = await accepted(HOUR, 4);
    expectError(await start(early), 409, "OUTSIDE_PERMIT_WINDOW");
    expect(await statusOf(t.ctx, early)).toBe("accepted");
    const over = await accepted(-5 * HOUR, 4);
    expectError(await start(over), 409, "OUTSIDE_PERMIT_WINDOW");
    expect(await statusOf(t.ctx, over)).toBe("accepted");
    // Within the grace before the start, and inside the window.
    expect((await start(await accepted(10 * MINUTE, 4))).statusCode).toBe(200);
    expect((await start(await accepted(-HOUR, 4))).statusCode).toBe(200);
  });
});
