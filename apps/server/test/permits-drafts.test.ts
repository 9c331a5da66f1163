import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permits, sectors } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields, patch, post } from "./helpers/http";
import { addSector, addSubSector, UNKNOWN_ID } from "./helpers/organisation";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function createAs(person: TPerson, overrides = {}) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe("POST /api/permits", () => {
  it("saves an employee's draft for an affiliated enterprise, with the checklist's texts and a create event", async () => {
    const permit = await createAs(w.employee);
    expect(permit).toMatchObject({
      status: "pending",
      documentNumber: null,
      internal: false,
      enterprise: { id: w.enterprise.id },
      division: { id: w.division.id },
      sector: { id: w.sector.id, deleted: false },
      contractor: { id: w.supplier.id },
      workType: { id: w.workType.id, kind: "general" },
      probability: { label: "Likely" },
      severity: { label: "Major" },
      criticality: { name: "High", colour: "#e03131", flow: "verify_and_approve" },
      risks: [{ id: w.risk.id, critical: true }],
      specificRisks: [{ id: w.specificRisk.id }],
      epis: [{ id: w.epi.id }],
      checklist: [
        { source: "workType", index: 0, checked: true, sourceName: "Welding", text: "Fire watch posted" },
        { source: "workType", index: 1, checked: true, sourceName: "Welding", text: "Extinguisher nearby" },
        { source: "specificRisk", index: 0, checked: true, sourceName: "Confined space", text: "Gas test done" },
      ],
      createdBy: { id: w.employee.id, role: "Employee" },
      actions: ["send", "cancel"],
      canEdit: true,
      canDuplicate: true,
      sendMissing: {},
    });
    const history = await t.as(w.employee).get(`/api/permits/${permit.id}/history`);
    expect(history.json().data).toMatchObject([
      { action: "create", fromStatus: null, toStatus: "pending", actor: { id: w.employee.id } },
    ]);
  });

  it("keeps an incomplete draft and says what sending still needs", async () => {
    const response = await post(
      t.app,
      "/api/permits",
      { enterpriseId: w.enterprise.id, taskTitle: "Survey" },
      await t.as(w.supplierUser).call(),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.sendMissing).toEqual({
      sectorId: "sectorRequired",
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
    expect(response.json().data.criticality).toBeNull();
  });

  it("lets principal staff make internal permits of their own enterprise, managers in their division only", async () => {
    const byEnterprise = await createAs(w.enterpriseUser);
    expect(byEnterprise).toMatchObject({ internal: true, contractor: null, division: { id: w.division.id } });
    const byResponsible = await createAs(w.verifier);
    expect(byResponsible.internal).toBe(true);
    const elsewhere = await post(
      t.app,
      "/api/permits",
      completeDraft(w, { sectorId: w.otherSector.id, checklist: [] }),
      await t.as(w.superResponsible).call(),
    );
    expectError(elsewhere, 404, "NOT_FOUND");
    const otherEnterprise = await post(
      t.app,
      "/api/permits",
      completeDraft(w, { enterpriseId: w.otherTenant.enterprise.id }),
      await t.as(w.enterpriseUser).call(),
    );
    expectError(otherEnterprise, 404, "COMPANY_NOT_LISTED");
  });

  it("refuses an enterprise the contractor is not affiliated with (404 COMPANY_NOT_LISTED), and the admin (403)", async () => {
    const draft = completeDraft(w, { enterpriseId: w.otherTenant.enterprise.id });
    expectError(await t.as(w.employee).post("/api/permits", draft), 404, "COMPANY_NOT_LISTED");
    expectError(await t.as(w.admin).post("/api/permits", completeDraft(w)), 403, "FORBIDDEN");
  });

  it("refuses references outside the permit's enterprise or deleted", async () => {
    const foreignSector = await addSector(t.ctx, w.otherTenant.division);
    const employee = t.as(w.employee);
    const send = (overrides: object) => employee.post("/api/permits", completeDraft(w, overrides));
    expectError(await send({ sectorId: foreignSector.id, checklist: [] }), 404, "NOT_FOUND");
    expectError(await send({ workTypeId: UNKNOWN_ID, checklist: [] }), 404, "NOT_FOUND");
    expectError(await send({ probabilityId: w.severity.low.id }), 404, "NOT_FOUND");
    expectError(await send({ riskIds: [UNKNOWN_ID] }), 404, "NOT_FOUND");
    expectError(await send({ epiIds: [UNKNOWN_ID] }), 404, "NOT_FOUND");
    const otherSub = await addSubSector(t.ctx, w.otherSector.id);
    expectError(await send({ subSectorId: otherSub.id }), 404, "NOT_FOUND");
    const gone = await addSector(t.ctx, w.division);
    await t.ctx.db.update(sectors).set({ deletedAt: new Date() }).where(eq(sectors.id, gone.id));
    expectError(await send({ sectorId: gone.id, checklist: [] }), 409, "SECTOR_DELETED");
  });

  it("answers 400 with the fields named for reversed dates and a checklist item that does not exist", async () => {
    const employee = await t.as(w.employee).call();
    expectFields(
      await post(
        t.app,
        "/api/permits",
        completeDraft(w, { startAt: "2026-12-02T08:00:00Z", endAt: "2026-12-01T08:00:00Z" }),
        employee,
      ),
      { endAt: "endAfterStart" },
    );
    expectFields(
      await post(
        t.app,
        "/api/permits",
        completeDraft(w, { checklist: [{ source: "workType", sourceId: w.workType.id, index: 7, checked: true }] }),
        employee,
      ),
      { checklist: "invalidValue" },
    );
    expectFields(await post(t.app, "/api/permits", completeDraft(w, { taskTitle: "" }), employee), {
      taskTitle: "titleRequired",
    });
  });
});

describe("GET /api/permits/:id", () => {
  it("shows a draft to its creator's side only, and the sent permit to the principal's division too", async () => {
    const permit = await createAs(w.employee);
    const principalStaff = [w.enterpriseUser, w.superResponsible, w.verifier, w.approver];
    const strangers = [w.otherSupplier.supplierUser, w.otherDivisionResponsible, w.otherTenant.enterpriseUser];
    for (const person of [w.employee, w.supplierUser]) {
      expect((await t.as(person).get(`/api/permits/${permit.id}`)).statusCode, person.role).toBe(200);
    }
    // Never sent: the contractor's work in progress, not a request yet.
    for (const person of [...principalStaff, ...strangers]) {
      expectError(await t.as(person).get(`/api/permits/${permit.id}`), 404, "NOT_FOUND");
    }
    await putInStatus(t.ctx, permit.id, "sended");
    for (const person of [w.employee, w.supplierUser, ...principalStaff]) {
      expect((await t.as(person).get(`/api/permits/${permit.id}`)).statusCode, person.role).toBe(200);
    }
    for (const person of strangers) {
      expectError(await t.as(person).get(`/api/permits/${permit.id}`), 404, "NOT_FOUND");
    }
    expectError(await t.as(w.admin).get(`/api/permits/${permit.id}`), 403, "FORBIDDEN");
    const other = await createAs(w.employee);
    const anotherEmployee = await (await import("./helpers/factories")).createUser(t.ctx, "Employee", {
      supplierId: w.supplier.id,
    });
    expectError(await t.as(anotherEmployee).get(`/api/permits/${other.id}`), 404, "NOT_FOUND");
  });

  it("shows each person only what it may do", async () => {
    const permit = await createAs(w.employee);
    const actionsOf = async (person: TPerson) => (await t.as(person).get(`/api/permits/${permit.id}`)).json().data;
    expect(await actionsOf(w.supplierUser)).toMatchObject({ actions: ["send", "cancel"], canEdit: true });
    // Sent back for a recheck: a draft again for the contractor, still under review for the principal.
    await putInStatus(t.ctx, permit.id, "Recheck");
    expect(await actionsOf(w.supplierUser)).toMatchObject({ actions: ["send", "cancel"], canEdit: true });
    expect(await actionsOf(w.enterpriseUser)).toMatchObject({ actions: ["cancel"], canEdit: false });
    expect(await actionsOf(w.verifier)).toMatchObject({ actions: [], canEdit: false });
  });
});

describe("PATCH /api/permits/:id", () => {
  it("replaces the draft for its creator or the creator's supplier, with an edit event", async () => {
    const permit = await createAs(w.employee);
    const response = await patch(
      t.app,
      `/api/permits/${permit.id}`,
      completeDraft(w, {
        taskTitle: "Weld the other flange",
        probabilityId: w.probability.low.id,
        severityId: w.severity.low.id,
        riskIds: [w.extraRisk.id, w.risk.id],
        checklist: [],
      }),
      await t.as(w.supplierUser).call(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      taskTitle: "Weld the other flange",
      criticality: { name: "Low", flow: "verify" },
      risks: [{ id: w.extraRisk.id }, { id: w.risk.id }],
      checklist: [],
    });
    const history = (await t.as(w.employee).get(`/api/permits/${permit.id}/history`)).json().data;
    expect(history.map((e: { action: string }) => e.action)).toEqual(["create", "edit"]);
    expect(history[1].actor.id).toBe(w.supplierUser.id);
  });

  it("refuses others who see it (403), those who do not (404), and a sent permit (409)", async () => {
    const permit = await createAs(w.employee);
    const body = completeDraft(w);
    // A never-sent draft is invisible to the principal; sent back for a recheck, it is seen but not theirs to edit.
    expectError(await t.as(w.enterpriseUser).patch(`/api/permits/${permit.id}`, body), 404, "NOT_FOUND");
    expectError(await t.as(w.otherTenant.enterpriseUser).patch(`/api/permits/${permit.id}`, body), 404, "NOT_FOUND");
    expectFields(
      await patch(
        t.app,
        `/api/permits/${permit.id}`,
        completeDraft(w, { enterpriseId: w.otherTenant.enterprise.id }),
        await t.as(w.employee).call(),
      ),
      { enterpriseId: "invalidValue" },
    );
    await putInStatus(t.ctx, permit.id, "Recheck");
    expectError(await t.as(w.enterpriseUser).patch(`/api/permits/${permit.id}`, body), 403, "FORBIDDEN");
    await putInStatus(t.ctx, permit.id, "sended");
    expectError(await t.as(w.employee).patch(`/api/permits/${permit.id}`, body), 409, "CONFLICT");
  });

  it("takes edits again once a manager asks for a recheck", async () => {
    const permit = await createAs(w.employee);
    await putInStatus(t.ctx, permit.id, "Recheck");
    const response = await t.as(w.employee).patch(`/api/permits/${permit.id}`, completeDraft(w));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe("Recheck");
  });
});

describe("DELETE /api/permits/:id", () => {
  it("deletes a never-sent draft of its creator only", async () => {
    const permit = await createAs(w.employee);
    expectError(await t.as(w.supplierUser).del(`/api/permits/${permit.id}`), 403, "FORBIDDEN");
    expectError(await t.as(w.otherTenant.employee).del(`/api/permits/${permit.id}`), 404, "NOT_FOUND");
    expect((await t.as(w.employee).del(`/api/permits/${permit.id}`)).statusCode).toBe(204);
    expectError(await t.as(w.employee).get(`/api/permits/${permit.id}`), 404, "NOT_FOUND");
  });

  it("keeps a permit that was sent once, even back in pending state", async () => {
    const permit = await createAs(w.employee);
    await putInStatus(t.ctx, permit.id, "Recheck");
    expectError(await t.as(w.employee).del(`/api/permits/${permit.id}`), 409, "CONFLICT");
    await t.ctx.db.update(permits).set({ status: "pending" }).where(eq(permits.id, permit.id));
    expectError(await t.as(w.employee).del(`/api/permits/${permit.id}`), 409, "CONFLICT");
    const [{ n }] = (
      await t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM permits WHERE id = ${permit.id}`)
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
