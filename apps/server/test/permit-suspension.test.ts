import { SIGNATURE_DECLARATIONS } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_START_REMARK, runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { addSector, grant } from "./helpers/organisation";
import { pdfText } from "./helpers/pdf";
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
const SUSPEND = { remark: "Gas alarm at the pump house" };

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function permitIn(status: "Approved" | "accepted" | "In_progress", sectorId = w.sector.id) {
  const draft = completeDraft(w, sectorId === w.sector.id ? {} : { sectorId, specificRiskIds: [], checklist: [] });
  const created = await t.as(w.employee).post("/api/permits", draft);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  await putInStatus(t.ctx, id, status, {
    divisionId: sectorId === w.sector.id ? w.division.id : undefined,
    verifiedBy: w.verifier.id,
    approvedBy: w.approver.id,
    documentNumber: `PTW-S-${id.slice(0, 8)}`,
    checkToken: `check-${id}`,
  });
  return id;
}
const told = async (kind: string, permitId: string) =>
  (
    await t.ctx.pool.query<{ user_id: string }>(
      "SELECT user_id FROM notifications WHERE kind = $1 AND link LIKE '%/' || $2 ORDER BY user_id",
      [kind, permitId],
    )
  ).rows.map((r) => r.user_id);
const events = async (id: string) =>
  ((await t.as(w.verifier).get(`/api/permits/${id}/history`)).json().data as { action: string; remark: string }[]).map(
    (e) => [e.action, e.remark],
  );

describe("suspending an in-progress permit", () => {
  it("is for the area's managers, the division's SuperResponsible, the Enterprise and the holder", async () => {
    for (const person of [w.verifier, w.approver, w.superResponsible, w.enterpriseUser, w.employee, w.supplierUser]) {
      const id = await permitIn("In_progress");
      const suspended = await act(id, "suspend", person, SUSPEND);
      expect(suspended.statusCode, `${person.role}: ${suspended.body}`).toBe(200);
      expect(suspended.json().data).toMatchObject({
        status: "In_progress",
        suspension: { by: { id: person.id }, reason: SUSPEND.remark, emergencyId: null },
      });
    }
  });

  it("is refused to others who see it (403) and invisible to another tenant or division (404)", async () => {
    const id = await permitIn("In_progress");
    const bystander = await createUser(t.ctx, "Responsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.division.id,
    });
    expectError(await act(id, "suspend", bystander, SUSPEND), 403, "FORBIDDEN");
    expectError(await act(id, "suspend", w.otherTenant.responsible, SUSPEND), 404, "NOT_FOUND");
    expectError(await act(id, "suspend", w.otherTenant.enterpriseUser, SUSPEND), 404, "NOT_FOUND");
    expectError(await act(id, "suspend", w.otherDivisionResponsible, SUSPEND), 404, "NOT_FOUND");
    expectError(await act(id, "suspend", w.otherSupplier.employee, SUSPEND), 404, "NOT_FOUND");
    expect((await read(id)).suspension).toBeNull();
  });

  it("needs a reason (400 remark) and changes nothing without one", async () => {
    const id = await permitIn("In_progress");
    expectFields(await act(id, "suspend", w.verifier, {}), { remark: "descriptionRequired" });
    expectFields(await act(id, "suspend", w.verifier, { remark: "   " }), { remark: "descriptionRequired" });
    expect((await read(id)).suspension).toBeNull();
  });

  it("stops the work: flagged with who, when and why, in the history, told to everyone on it, audited", async () => {
    const id = await permitIn("In_progress");
    const suspended = await act(id, "suspend", w.approver, SUSPEND);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const permit = suspended.json().data;
    expect(permit.actions).not.toContain("suspend");
    expect(permit.suspension.at).toEqual(expect.any(String));
    expect(await events(id)).toContainEqual(["suspend", SUSPEND.remark]);
    // The holder's side and the sector's managers, never the one who acted.
    const people = [w.employee.id, w.supplierUser.id, w.verifier.id].sort();
    expect(await told("permit.suspended", id)).toEqual(people);
    const { rows } = await t.ctx.pool.query(
      "SELECT 1 FROM audit_log WHERE action = 'permit.suspend' AND object_id = $1",
      [id],
    );
    expect(rows).toHaveLength(1);
    // Once: a second suspension is refused.
    expectError(await act(id, "suspend", w.verifier, SUSPEND), 409, "CONFLICT");
    // The lists flag it too (the permit's page says by whom and why).
    const list = (await t.as(w.verifier).get("/api/permits?view=all&pageSize=100")).json().data as {
      id: string;
      flags: string[];
    }[];
    expect(list.find((p) => p.id === id)?.flags).toContain("suspended");
  });

  it("cannot be taken on a permit not in progress (409; only the emergency stop holds those)", async () => {
    const id = await permitIn("accepted");
    expectError(await act(id, "suspend", w.verifier, SUSPEND), 409, "CONFLICT");
  });
});

describe("while suspended", () => {
  it("refuses the start of a held permit, and the scheduler does not start it", async () => {
    const id = await permitIn("accepted");
    await t.ctx.pool.query(
      "UPDATE permits SET suspended_at = now(), suspended_by = $2, suspension_reason = 'Held' WHERE id = $1",
      [id, w.verifier.id],
    );
    expectError(await act(id, "start", w.employee), 409, "PERMIT_SUSPENDED");
    expectError(await act(id, "start", w.verifier), 409, "PERMIT_SUSPENDED");
    const run = await runPermitScheduler(t.ctx, new Date(Date.now() + 60_000));
    expect(run.started).not.toContain(id);
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    expect(await events(id)).not.toContainEqual(["start", AUTO_START_REMARK]);
  });

  it("lets the holder close out and the area be handed back (the work is abandoned)", async () => {
    const id = await permitIn("In_progress");
    await act(id, "suspend", w.verifier, SUSPEND);
    const closed = await act(id, "end", w.employee, { ...CLOSED_OUT, workComplete: false, remainingWork: "All" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await act(id, "handBack", w.approver)).statusCode).toBe(200);
    const ended = await read(id);
    expect(ended).toMatchObject({ status: "Ended", suspension: null });
  });

  it("is still overdue past its end, and its check page says NOT VALID: suspended", async () => {
    const id = await permitIn("In_progress");
    await act(id, "suspend", w.verifier, SUSPEND);
    const check = (await t.app.inject({ method: "GET", url: `/api/public/permit-checks/check-${id}` })).json().data;
    expect(check).toMatchObject({ validNow: false, reason: "suspended", suspendedAt: expect.any(String) });
    // The printed permit says so beside its status, with who, when and why.
    const words = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(words).toContain("SUSPENDED: work stopped, not valid");
    expect(words).toContain("Suspended by");
    expect(words).toContain(SUSPEND.remark);
    await t.ctx.pool.query("UPDATE permits SET end_at = now() - interval '1 minute' WHERE id = $1", [id]);
    expect(await read(id)).toMatchObject({ overdue: true, suspension: { reason: SUSPEND.remark } });
  });
});

describe("resuming a suspended permit", () => {
  it("needs a manager's signature: password and declaration, stored with the resume declaration", async () => {
    const id = await permitIn("In_progress");
    await act(id, "suspend", w.employee, SUSPEND);
    expectFields(await act(id, "resume", w.verifier, {}), {
      password: "passwordRequired",
      declaration: "declarationRequired",
    });
    expectError(
      await act(id, "resume", w.verifier, { ...SIGNED, password: "Not-my-password-1" }),
      401,
      "SIGNATURE_PASSWORD_INVALID",
    );
    expect((await read(id)).suspension).not.toBeNull();
    const resumed = await act(id, "resume", w.verifier, { ...SIGNED, language: "fr" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const permit = resumed.json().data;
    expect(permit).toMatchObject({ status: "In_progress", suspension: null });
    expect(permit.signatures.at(-1)).toMatchObject({
      kind: "resume",
      signer: { id: w.verifier.id },
      declaration: SIGNATURE_DECLARATIONS.resume.fr,
    });
    expect(await events(id)).toContainEqual(["resume", null]);
    expect(await told("permit.resumed", id)).toContain(w.employee.id);
  });

  it("is refused to the holder (403), whoever suspended it, and invisible to another tenant (404)", async () => {
    const id = await permitIn("In_progress");
    await act(id, "suspend", w.employee, SUSPEND);
    expectError(await act(id, "resume", w.employee), 403, "FORBIDDEN");
    expectError(await act(id, "resume", w.supplierUser), 403, "FORBIDDEN");
    expectError(await act(id, "resume", w.otherTenant.enterpriseUser), 404, "NOT_FOUND");
    expect((await read(id)).suspension).not.toBeNull();
    // The division's SuperResponsible and the Enterprise may.
    expect((await act(id, "resume", w.superResponsible)).statusCode).toBe(200);
  });

  it("is refused on a permit that is not suspended (409 for a manager)", async () => {
    const id = await permitIn("In_progress");
    expectError(await act(id, "resume", w.verifier), 409, "CONFLICT");
  });
});

describe("the emergency stop", () => {
  const declare = (person: TPerson, body: Record<string, unknown>) => t.as(person).post("/api/emergencies", body);

  it("suspends every live permit of the sector in one go, and none outside it", async () => {
    const sector = await addSector(t.ctx, w.division);
    await grant(t.ctx, w.verifier.id, sector.id, "both");
    const approved = await permitIn("Approved", sector.id);
    const accepted = await permitIn("accepted", sector.id);
    const running = await permitIn("In_progress", sector.id);
    const closedOut = await permitIn("In_progress", sector.id);
    await act(closedOut, "end", w.employee);
    const sent = await permitIn("In_progress", sector.id);
    await putInStatus(t.ctx, sent, "sended");
    const elsewhere = await permitIn("In_progress");
    const declared = await declare(w.superResponsible, {
      divisionId: w.division.id,
      sectorId: sector.id,
      reason: "Fire at the jetty",
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const emergency = declared.json().data;
    expect(emergency).toMatchObject({
      sector: { id: sector.id },
      reason: "Fire at the jetty",
      declaredBy: { id: w.superResponsible.id },
      suspendedCount: 3,
      liftedAt: null,
      canLift: true,
    });
    for (const id of [approved, accepted, running]) {
      const permit = await read(id);
      expect(permit.suspension, id).toMatchObject({ reason: "Fire at the jetty", emergencyId: emergency.id });
      expect(await events(id)).toContainEqual(["emergencyStop", "Fire at the jetty"]);
      expect(await told("permit.emergencyStopped", id)).toContain(w.employee.id);
    }
    // Not the closed-out one (its work has stopped), not one still under review, nothing outside the sector.
    for (const id of [closedOut, sent, elsewhere]) expect((await read(id)).suspension, id).toBeNull();
  });

  it("is all or nothing: one transaction (a permit that cannot be suspended rolls every one back)", async () => {
    const sector = await addSector(t.ctx, w.division);
    const first = await permitIn("In_progress", sector.id);
    const second = await permitIn("In_progress", sector.id);
    // A trigger that refuses the second permit's change, as a failure half-way through would.
    await t.ctx.pool.query(`CREATE FUNCTION refuse_second() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = '${second}' AND NEW.suspended_at IS NOT NULL THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await t.ctx.pool.query(
      "CREATE TRIGGER refuse_second BEFORE UPDATE ON permits FOR EACH ROW EXECUTE FUNCTION refuse_second()",
    );
    try {
      const declared = await declare(w.enterpriseUser, {
        divisionId: w.division.id,
        sectorId: sector.id,
        reason: "Leak",
      });
      expect(declared.statusCode).toBe(500);
    } finally {
      await t.ctx.pool.query("DROP TRIGGER refuse_second ON permits; DROP FUNCTION refuse_second()");
    }
    expect((await read(first)).suspension).toBeNull();
    const { rows } = await t.ctx.pool.query("SELECT 1 FROM emergencies WHERE sector_id = $1", [sector.id]);
    expect(rows).toHaveLength(0);
    expect(await told("permit.emergencyStopped", first)).toEqual([]);
  });

  it("covers a whole division when no sector is named; holds start and resume until lifted; lifting resumes nothing", async () => {
    const division = w.otherDivision;
    const boss = await createUser(t.ctx, "SuperResponsible", {
      enterpriseId: w.enterprise.id,
      divisionId: division.id,
    });
    const sectorA = await addSector(t.ctx, division);
    const sectorB = await addSector(t.ctx, division);
    await grant(t.ctx, w.otherDivisionResponsible.id, sectorA.id, "both");
    const a = await permitIn("In_progress", sectorA.id);
    const b = await permitIn("accepted", sectorB.id);
    await t.ctx.pool.query("UPDATE permits SET division_id = $2 WHERE id = ANY($1::uuid[])", [[a, b], division.id]);
    const declared = await declare(boss, { divisionId: division.id, reason: "Toxic release" });
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json().data).toMatchObject({ sector: null, suspendedCount: 2 });
    expect((await read(b)).suspension).not.toBeNull();
    // A permit authorised there meanwhile, not suspended, still may not start while the emergency is in force.
    const c = await permitIn("accepted", sectorA.id);
    await t.ctx.pool.query("UPDATE permits SET division_id = $2 WHERE id = $1", [c, division.id]);
    expectError(await act(c, "start", w.employee), 409, "EMERGENCY_IN_FORCE");
    expect((await runPermitScheduler(t.ctx, new Date(Date.now() + 60_000))).started).not.toContain(c);
    expectError(await act(a, "resume", w.otherDivisionResponsible), 409, "EMERGENCY_IN_FORCE");
    // Lifted: nothing resumes by itself; each permit needs its signature.
    const id = declared.json().data.id;
    const lifted = await t.as(boss).post(`/api/emergencies/${id}/lift`, { remark: "All clear" });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data).toMatchObject({ liftedBy: { id: boss.id }, liftRemark: "All clear", canLift: false });
    expectError(await t.as(boss).post(`/api/emergencies/${id}/lift`, {}), 409, "CONFLICT");
    expect((await read(a)).suspension).not.toBeNull();
    // Everyone on the permits it still holds is told it is over, and that the work stays stopped until resumed.
    for (const held of [a, b]) expect(await told("permit.emergencyLifted", held)).toContain(w.employee.id);
    expect(await told("permit.emergencyLifted", c)).toEqual([]);
    expect((await act(a, "resume", w.otherDivisionResponsible)).statusCode).toBe(200);
    expect((await act(c, "start", w.employee)).statusCode).toBe(200);
  });

  it("is declared by the Enterprise or the division's SuperResponsible only, with a reason", async () => {
    const body = { divisionId: w.division.id, sectorId: w.sector.id, reason: "Drill" };
    expectError(await declare(w.verifier, body), 403, "FORBIDDEN");
    expectError(await declare(w.employee, body), 403, "FORBIDDEN");
    expectError(await declare(w.supplierUser, body), 403, "FORBIDDEN");
    expectError(await declare(w.admin, body), 403, "FORBIDDEN");
    expectFields(await declare(w.enterpriseUser, { ...body, reason: " " }), { reason: "descriptionRequired" });
    const { rows } = await t.ctx.pool.query("SELECT 1 FROM emergencies WHERE sector_id = $1", [w.sector.id]);
    expect(rows).toHaveLength(0);
  });

  it("does not reach another tenant's or division's places, nor show their emergencies (404 / absent)", async () => {
    const otherBoss = await createUser(t.ctx, "SuperResponsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.otherDivision.id,
    });
    const body = { divisionId: w.division.id, sectorId: w.sector.id, reason: "Not mine" };
    expectError(await declare(otherBoss, body), 404, "NOT_FOUND");
    expectError(await declare(w.otherTenant.enterpriseUser, body), 404, "NOT_FOUND");
    // A sector of another division named with this division.
    expectError(
      await declare(w.enterpriseUser, { divisionId: w.division.id, sectorId: w.otherSector.id, reason: "Mixed" }),
      404,
      "NOT_FOUND",
    );
    const sector = await addSector(t.ctx, w.division);
    const declared = await declare(w.enterpriseUser, {
      divisionId: w.division.id,
      sectorId: sector.id,
      reason: "Mine",
    });
    const id = declared.json().data.id;
    expectError(await t.as(w.otherTenant.enterpriseUser).post(`/api/emergencies/${id}/lift`, {}), 404, "NOT_FOUND");
    expectError(await t.as(otherBoss).post(`/api/emergencies/${id}/lift`, {}), 404, "NOT_FOUND");
    expectError(await t.as(w.verifier).post(`/api/emergencies/${id}/lift`, {}), 403, "FORBIDDEN");
    const ids = async (person: TPerson) =>
      ((await t.as(person).get("/api/emergencies")).json().data as { id: string }[]).map((e) => e.id);
    expect(await ids(w.verifier)).toContain(id);
    expect(await ids(w.enterpriseUser)).toContain(id);
    expect(await ids(w.otherTenant.enterpriseUser)).not.toContain(id);
    expect(await ids(w.otherDivisionResponsible)).not.toContain(id);
    expectError(await t.as(w.employee).get("/api/emergencies"), 403, "FORBIDDEN");
    await t.as(w.enterpriseUser).post(`/api/emergencies/${id}/lift`, {});
  });
});
