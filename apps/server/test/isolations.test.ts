import { ISOLATION_PROOF_DECLARATION, type TPermitStatus } from "@openpermit/shared";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../src/db/schema";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { PASSWORD, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { textOf } from "./helpers/mail";
import { addSector, UNKNOWN_ID } from "./helpers/organisation";
import { pdfText } from "./helpers/pdf";
import {
  completeDraft,
  createPermitWorld,
  openNoticesOf,
  putInStatus,
  statusOf,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const HOUR = 3_600_000;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

const pointBody = (overrides: Record<string, unknown> = {}) => ({
  tag: `EV-${++seq}`,
  equipment: "Feed pump P-101 motor",
  energy: "electrical",
  method: "Open and lock breaker MCC-3/12, try start",
  sectorId: w.sector.id,
  ...overrides,
});

async function addPoint(overrides: Record<string, unknown> = {}, by: TPerson = w.enterpriseUser) {
  const response = await t.as(by).post("/api/isolation-points", pointBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; tag: string };
}

const SIGNED = { password: PASSWORD, declaration: true, language: "en" } as const;
const apply = (id: string, by: TPerson, lockNumber = "L-042") =>
  t.as(by).post(`/api/isolation-points/${id}/apply`, { lockNumber });
const prove = (id: string, by: TPerson, body: unknown = SIGNED) =>
  t.as(by).post(`/api/isolation-points/${id}/prove`, body);
const release = (id: string, by: TPerson) => t.as(by).post(`/api/isolation-points/${id}/release`, { remark: "Done" });

/** A permit of the employee naming `pointIds`, put straight into `status`, its window open now. */
async function permitNeeding(pointIds: string[], status: TPermitStatus = "accepted") {
  const created = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const named = await t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds });
  expect(named.statusCode, named.body).toBe(200);
  const now = Date.now();
  await putInStatus(t.ctx, id, status, {
    startAt: new Date(now - HOUR),
    endAt: new Date(now + 8 * HOUR),
    verifiedBy: w.verifier.id,
    approvedBy: w.approver.id,
  });
  return id;
}

describe("the isolation register", () => {
  it("is edited by the enterprise and the division's super-responsible, with the tag unique per enterprise", async () => {
    const created = await t
      .as(w.enterpriseUser)
      .post(
        "/api/isolation-points",
        pointBody({ tag: " MV-101 ", subSectorId: w.subSector.id, x: 0.25, y: 0.5, energy: "process" }),
      );
    expect(created.statusCode, created.body).toBe(201);
    const point = created.json().data;
    expect(point).toMatchObject({
      tag: "MV-101",
      energy: "process",
      sectorId: w.sector.id,
      sectorName: w.sector.name,
      subSectorId: w.subSector.id,
      x: 0.25,
      y: 0.5,
      application: null,
    });
    expectFields(await t.as(w.superResponsible).post("/api/isolation-points", pointBody({ tag: "mv-101" })), {
      tag: "duplicateValue",
    });
    const bySuper = await t
      .as(w.superResponsible)
      .patch(`/api/isolation-points/${point.id}`, { method: "Close and chain" });
    expect(bySuper.json().data).toMatchObject({ tag: "MV-101", method: "Close and chain" });
    // Another division's sector is not the super-responsible's: invisible.
    expectError(
      await t.as(w.superResponsible).post("/api/isolation-points", pointBody({ sectorId: w.otherSector.id })),
      404,
      "NOT_FOUND",
    );
    expect((await t.as(w.superResponsible).del(`/api/isolation-points/${point.id}`)).statusCode).toBe(204);
    expectError(await t.as(w.enterpriseUser).get(`/api/isolation-points/${point.id}`), 404, "NOT_FOUND");
  });

  it("names every missing or wrong field, and refuses a sub-sector of another sector or half a position", async () => {
    expectFields(await t.as(w.enterpriseUser).post("/api/isolation-points", { sectorId: w.sector.id }), {
      tag: "tagRequired",
      equipment: "equipmentRequired",
      energy: "energyRequired",
      method: "methodRequired",
    });
    expectFields(await t.as(w.enterpriseUser).post("/api/isolation-points", pointBody({ x: 0.5 })), {
      y: "invalidValue",
    });
    const elsewhere = await addSector(t.ctx, w.division);
    expectFields(
      await t
        .as(w.enterpriseUser)
        .post("/api/isolation-points", pointBody({ sectorId: elsewhere.id, subSectorId: w.subSector.id })),
      { subSectorId: "invalidValue" },
    );
    // The database too: half a position is refused, not stored as "placed nowhere".
    const point = await addPoint();
    await expect(
      t.ctx.pool.query("UPDATE isolation_points SET x = 0.5, y = NULL WHERE id = $1", [point.id]),
    ).rejects.toThrow(/isolation_points_position/);
  });

  it("is read by the sector's managers and affiliated contractors, never edited by them; other tenants see nothing", async () => {
    const point = await addPoint({ tag: "READ-1", equipment: "Steam header valve" });
    const list = await t.as(w.verifier).get("/api/isolation-points?q=steam");
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: point.id }] });
    expect((await t.as(w.verifier).get(`/api/isolation-points/${point.id}`)).statusCode).toBe(200);
    const byContractor = await t.as(w.employee).get(`/api/isolation-points?enterpriseId=${w.enterprise.id}&q=READ-1`);
    expect(byContractor.json().total).toBe(1);
    // A manager of another division's sector does not see this sector's points.
    expect((await t.as(w.otherDivisionResponsible).get("/api/isolation-points?q=READ-1")).json().total).toBe(0);
    for (const person of [w.verifier, w.supplierUser, w.employee]) {
      expectError(await t.as(person).post("/api/isolation-points", pointBody()), 403, "FORBIDDEN");
      expectError(await t.as(person).patch(`/api/isolation-points/${point.id}`, { method: "x y" }), 403, "FORBIDDEN");
      expectError(await t.as(person).del(`/api/isolation-points/${point.id}`), 403, "FORBIDDEN");
    }
    expectError(await t.as(w.admin).get("/api/isolation-points"), 403, "FORBIDDEN");
    const other = w.otherTenant.enterpriseUser;
    expect((await t.as(other).get("/api/isolation-points?q=READ-1")).json().total).toBe(0);
    expectError(await t.as(other).get(`/api/isolation-points/${point.id}`), 404, "NOT_FOUND");
    expectError(await t.as(other).patch(`/api/isolation-points/${point.id}`, { method: "x y" }), 404, "NOT_FOUND");
    expectError(await t.as(other).del(`/api/isolation-points/${point.id}`), 404, "NOT_FOUND");
    expectError(await apply(point.id, other), 404, "NOT_FOUND");
    expectError(
      await t.as(w.otherTenant.supplierUser).get(`/api/isolation-points?enterpriseId=${w.enterprise.id}`),
      404,
      "COMPANY_NOT_LISTED",
    );
  });

  it("pages its list by tag", async () => {
    const sector = await addSector(t.ctx, w.division);
    for (const tag of ["PG-C", "PG-A", "PG-B"]) await addPoint({ tag, sectorId: sector.id });
    const page = await t.as(w.enterpriseUser).get(`/api/isolation-points?sectorId=${sector.id}&pageSize=2&page=2`);
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 2, data: [{ tag: "PG-C" }] });
  });
});

describe("a permit's isolations", () => {
  it("are named on the draft by its editor from its sector's points, and shown to everyone on the permit", async () => {
    const a = await addPoint();
    const created = await t.as(w.employee).post("/api/permits", completeDraft(w));
    const id = created.json().data.id as string;
    const set = await t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds: [a.id, a.id] });
    expect(set.json().data).toMatchObject({ points: [{ id: a.id }], notReady: [a.tag] });
    const elsewhere = await addPoint({ sectorId: (await addSector(t.ctx, w.division)).id });
    expectFields(await t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds: [elsewhere.id] }), {
      pointIds: "invalidValue",
    });
    expectFields(await t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds: [UNKNOWN_ID] }), {
      pointIds: "invalidValue",
    });
    expect((await t.as(w.employee).post(`/api/permits/${id}/send`, {})).statusCode).toBe(200);
    expectError(await t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds: [] }), 409, "CONFLICT");
    expectError(await t.as(w.verifier).put(`/api/permits/${id}/isolations`, { pointIds: [] }), 403, "FORBIDDEN");
    const seen = await t.as(w.verifier).get(`/api/permits/${id}/isolations`);
    expect(seen.json().data.points.map((p: { tag: string }) => p.tag)).toEqual([a.tag]);
    expectError(await t.as(w.otherTenant.enterpriseUser).get(`/api/permits/${id}/isolations`), 404, "NOT_FOUND");
    expectError(await t.as(w.otherSupplier.supplierUser).get(`/api/permits/${id}/isolations`), 404, "NOT_FOUND");
  });
});

describe("applied, proven by a second person, released after the last live permit", () => {
  it("records who applied it with which lock, and who proved it with a signature", async () => {
    const point = await addPoint();
    const applied = await apply(point.id, w.verifier, "LOCK-7");
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.application).toMatchObject({
      lockNumber: "LOCK-7",
      appliedBy: { id: w.verifier.id },
      provenAt: null,
    });
    expectError(await apply(point.id, w.approver), 409, "CONFLICT");
    expectError(await prove(point.id, w.verifier), 403, "FORBIDDEN");
    expectFields(await prove(point.id, w.approver, { password: PASSWORD }), { declaration: "declarationRequired" });
    expectError(
      await prove(point.id, w.approver, { ...SIGNED, password: "Wrong-password-1" }),
      401,
      "SIGNATURE_PASSWORD_INVALID",
    );
    const proven = await prove(point.id, w.approver);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json().data.application).toMatchObject({
      provenBy: { id: w.approver.id },
      proofDeclaration: ISOLATION_PROOF_DECLARATION.en,
    });
    expectError(await prove(point.id, w.superResponsible), 409, "CONFLICT");
    const { rows } = await t.ctx.pool.query(
      "SELECT action FROM audit_log WHERE object_type = 'isolationPoint' AND object_id = $1 ORDER BY id",
      [point.id],
    );
    // The wrong password is on the record too, as a permit's would be.
    expect(rows.map((r) => r.action)).toEqual(["isolation.applied", "permit.signatureFailed", "isolation.proven"]);
  });

  it("is the principal staff's who see the sector: contractors 403, another division's manager and tenant 404", async () => {
    const point = await addPoint();
    expectError(await apply(point.id, w.supplierUser), 403, "FORBIDDEN");
    expectError(await apply(point.id, w.employee), 403, "FORBIDDEN");
    expectError(await apply(point.id, w.otherDivisionResponsible), 404, "NOT_FOUND");
    expectError(await apply(point.id, w.otherTenant.superResponsible), 404, "NOT_FOUND");
    expectFields(await t.as(w.superResponsible).post(`/api/isolation-points/${point.id}/apply`, {}), {
      lockNumber: "lockNumberRequired",
    });
    expect((await apply(point.id, w.superResponsible)).statusCode).toBe(200);
    expect((await prove(point.id, w.enterpriseUser)).statusCode).toBe(200);
  });

  it("tells the sector's other managers that an applied isolation awaits its proof, then the holder's side that it is proven", async () => {
    const point = await addPoint();
    const id = await permitNeeding([point.id], "accepted");
    // A draft naming it is its author's alone: told nothing.
    const draft = await permitNeeding([point.id], "pending");
    const toldOf = async (kind: "permit.isolationApplied" | "permit.isolationProven", permitId: string) =>
      t.ctx.db
        .select({ userId: notifications.userId, params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.kind, kind), like(notifications.link, `%${permitId}%`)));

    const mail = t.mailbox.next(w.approver.email);
    expect((await apply(point.id, w.verifier)).statusCode).toBe(200);
    expect(textOf(await mail)).toContain(`applied isolation “${point.tag}”`);
    // The sector's managers but the one who applied it (a second person proves it); not the holder's side yet.
    const applied = await toldOf("permit.isolationApplied", id);
    expect(applied.map((n) => n.userId)).toEqual([w.approver.id]);
    expect(applied[0]!.params).toMatchObject({ remark: point.tag, actorName: expect.any(String) });
    expect(await toldOf("permit.isolationApplied", draft)).toEqual([]);
    expect(await openNoticesOf(t.ctx, "permit.isolationApplied", id)).toEqual([`${w.approver.id}:unread`]);

    expect((await prove(point.id, w.approver)).statusCode).toBe(200);
    // Its call to prove the point is answered: done (and read) for every manager it went to.
    expect(await openNoticesOf(t.ctx, "permit.isolationApplied", id)).toEqual([]);
    const proven = await toldOf("permit.isolationProven", id);
    expect(proven.map((n) => n.userId)).toContain(w.employee.id);
    expect(proven.map((n) => n.userId)).not.toContain(w.approver.id);
    expect(proven[0]!.params).toMatchObject({ remark: point.tag });
    expect(await toldOf("permit.isolationProven", draft)).toEqual([]);
  });

  it("cannot be released, nor its point removed, while a live permit needs it; shared by two permits, it is released after the last", async () => {
    const point = await addPoint();
    const first = await permitNeeding([point.id], "In_progress");
    const second = await permitNeeding([point.id], "Approved");
    await apply(point.id, w.verifier);
    await prove(point.id, w.approver);
    const refused = expectError(await release(point.id, w.verifier), 409, "ISOLATION_IN_USE");
    expect(String(refused.details?.permits)).toContain("PTW-TEST-");
    expectError(await t.as(w.enterpriseUser).del(`/api/isolation-points/${point.id}`), 409, "ISOLATION_IN_USE");
    await putInStatus(t.ctx, first, "Ended");
    expectError(await release(point.id, w.verifier), 409, "ISOLATION_IN_USE");
    await putInStatus(t.ctx, second, "Canceled");
    const released = await release(point.id, w.approver);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.application).toBeNull();
    const { rows } = await t.ctx.pool.query(
      "SELECT released_by, release_remark FROM isolation_applications WHERE point_id = $1",
      [point.id],
    );
    expect(rows).toEqual([{ released_by: w.approver.id, release_remark: "Done" }]);
    expectError(await release(point.id, w.approver), 409, "CONFLICT");
    // Released, it may be applied again.
    expect((await apply(point.id, w.verifier)).statusCode).toBe(200);
  });
});

describe("start needs each isolation applied and proven", () => {
  it("refuses the start naming `isolations` and the tags until each is applied and proven", async () => {
    const a = await addPoint({ tag: `ZA-${seq}` });
    const b = await addPoint({ tag: `ZB-${seq}` });
    const id = await permitNeeding([a.id, b.id]);
    const start = () => t.as(w.employee).post(`/api/permits/${id}/start`, undefined);
    const refused = expectError(await start(), 409, "ISOLATIONS_NOT_IN_PLACE");
    expect(refused.fields).toEqual({ isolations: "isolationsNotInPlace" });
    expect(refused.details).toEqual({ tags: `${a.tag}, ${b.tag}` });
    await apply(a.id, w.verifier);
    await apply(b.id, w.verifier);
    await prove(a.id, w.approver);
    expect(expectError(await start(), 409, "ISOLATIONS_NOT_IN_PLACE").details).toEqual({ tags: b.tag });
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await prove(b.id, w.approver);
    expect((await start()).statusCode).toBe(200);
    expect(await statusOf(t.ctx, id)).toBe("In_progress");
  });

  it("holds for the scheduler's automatic start too", async () => {
    const point = await addPoint();
    const id = await permitNeeding([point.id]);
    const free = await permitNeeding([]);
    const run = await runPermitScheduler(t.ctx, new Date());
    expect(run.started).toContain(free);
    expect(run.started).not.toContain(id);
    expect(await statusOf(t.ctx, id)).toBe("accepted");
    await apply(point.id, w.verifier);
    await prove(point.id, w.approver);
    expect((await runPermitScheduler(t.ctx, new Date())).started).toContain(id);
  });
});

describe("the isolations in place now", () => {
  it("shows where, since when, by whom and for which live permits; to the principal's staff of the sector", async () => {
    const point = await addPoint({ tag: `INPLACE-${seq}` });
    const id = await permitNeeding([point.id], "Approved");
    await apply(point.id, w.verifier, "LOCK-99");
    const view = await t.as(w.superResponsible).get("/api/isolation-points/in-place?pageSize=100");
    expect(view.statusCode, view.body).toBe(200);
    const row = view.json().data.find((p: { id: string }) => p.id === point.id);
    expect(row).toMatchObject({
      tag: point.tag,
      sectorName: w.sector.name,
      application: { lockNumber: "LOCK-99", appliedBy: { id: w.verifier.id }, appliedAt: expect.any(String) },
      permits: [{ id, status: "Approved" }],
    });
    const elsewhere = await t.as(w.otherDivisionResponsible).get("/api/isolation-points/in-place?pageSize=100");
    expect(elsewhere.json().data.some((p: { id: string }) => p.id === point.id)).toBe(false);
    expect((await t.as(w.otherTenant.enterpriseUser).get("/api/isolation-points/in-place")).json().total).toBe(0);
    expectError(await t.as(w.employee).get("/api/isolation-points/in-place"), 403, "FORBIDDEN");
  });
});

describe("a permit's isolations on paper and on the public check page", () => {
  it("prints each with where it stands, and the check page shows them to anyone with the QR code", async () => {
    const a = await addPoint({ tag: `PRINT-A-${seq}`, equipment: "Feed pump" });
    const b = await addPoint({ tag: `PRINT-B-${seq}`, equipment: "Inlet valve", energy: "process" });
    const id = await permitNeeding([a.id, b.id], "Approved");
    await apply(a.id, w.verifier, "LOCK-5");
    await prove(a.id, w.approver);
    const printed = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`)).join(" ");
    expect(printed).toContain("ISOLATIONS (LOCK-OUT/TAG-OUT)");
    expect(printed).toContain(`${a.tag} - Feed pump (Electrical)`);
    expect(printed).toContain("lock LOCK-5; proven by");
    expect(printed).toContain(`${b.tag} - Inlet valve (Process)`);
    expect(printed).toContain("not isolated");
    const { rows } = await t.ctx.pool.query("SELECT check_token FROM permits WHERE id = $1", [id]);
    const check = await get(t.app, `/api/public/permit-checks/${rows[0].check_token}`);
    expect(check.json().data.isolations).toEqual([
      { tag: a.tag, equipment: "Feed pump", state: "proven" },
      { tag: b.tag, equipment: "Inlet valve", state: "none" },
    ]);
  });
});

describe("the register's CSV and XLSX files", () => {
  const csv = (text: string) => ({ data: Buffer.from(text, "utf8"), filename: "register.csv", type: "text/csv" });
  const importFile = (person: TPerson, file: ReturnType<typeof csv>, divisionId = w.division.id) =>
    t.as(person).upload("POST", `/api/isolation-points/import?divisionId=${divisionId}`, "file", file);

  it("exports a division's points and imports them back: new tags added, known ones updated, all or nothing", async () => {
    const sector = await addSector(t.ctx, w.division);
    const known = (
      await addPoint({ tag: `FILE-${seq}`, sectorId: sector.id, equipment: "=cmd|calc", method: "Lock breaker" })
    ).tag;
    const exported = await t
      .as(w.enterpriseUser)
      .get(`/api/isolation-points/export?format=csv&divisionId=${w.division.id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    const text = exported.rawPayload.toString("utf8");
    expect(text.split("\n")[0]).toContain("Tag,Equipment,Energy,Method,Sector,Sub-sector,X %,Y %");
    // A cell a spreadsheet would run as a formula is quoted.
    expect(text).toContain(`${known},"'=cmd|calc",electrical,Lock breaker,${sector.number},,,`);
    const xlsx = await t.as(w.superResponsible).get("/api/isolation-points/export?format=xlsx");
    expect(xlsx.statusCode, xlsx.body).toBe(200);

    const header = "Tag;Equipment;Energy;Method;Sector;Sub-sector;X %;Y %";
    const imported = await importFile(
      w.superResponsible,
      csv(
        `${header}\n${known};Feed pump;Électrique;Rack out MCC-1;${sector.number};;;\nNEW-${seq};Steam valve;thermique;Close and lock;${sector.name};;12,5;40\n`,
      ),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ created: 1, updated: 1 });
    const list = (await t.as(w.enterpriseUser).get(`/api/isolation-points?sectorId=${sector.id}`)).json().data;
    expect(list).toMatchObject([
      { tag: known, equipment: "Feed pump", energy: "electrical" },
      { tag: `NEW-${seq}`, energy: "thermal", x: 0.125, y: 0.4 },
    ]);

    const refused = await importFile(
      w.enterpriseUser,
      csv(
        `${header}\nOK-${seq};Pump;electrical;Lock;${sector.number};;;\n;Pump;steam;Lock;999;;;\nOK-${seq};Pump;electrical;Lock;${sector.number};Nowhere;150;\n`,
      ),
    );
    expect(expectError(refused, 400, "IMPORT_INVALID").rows).toEqual([
      { row: 3, errors: ["missingValue", "badEnergy", "unknownSector"] },
      { row: 4, errors: ["unknownSubSector", "badValue", "duplicateRow"] },
    ]);
    expect((await t.as(w.enterpriseUser).get(`/api/isolation-points?q=OK-${seq}`)).json().total).toBe(0);
  });

  it("is the enterprise's and the division's super-responsible's: others refused, other divisions and tenants invisible", async () => {
    const header = "Tag,Equipment,Energy,Method,Sector,Sub-sector,X %,Y %\n";
    expectError(await importFile(w.verifier, csv(header)), 403, "FORBIDDEN");
    expectError(await t.as(w.employee).get("/api/isolation-points/export?format=csv"), 403, "FORBIDDEN");
    expectError(await importFile(w.superResponsible, csv(header), w.otherDivision.id), 404, "NOT_FOUND");
    expectError(await importFile(w.otherTenant.enterpriseUser, csv(header), w.division.id), 404, "NOT_FOUND");
    expectFields(await t.as(w.enterpriseUser).get("/api/isolation-points/export?format=csv"), {
      divisionId: "divisionRequired",
    });
    // A tag of another division is not taken over.
    const elsewhere = await addPoint({ tag: `OTHER-${seq}`, sectorId: w.otherSector.id });
    const sector = await addSector(t.ctx, w.division);
    const refused = await importFile(
      w.enterpriseUser,
      csv(`${header}${elsewhere.tag},Pump,electrical,Lock,${sector.number},,,\n`),
    );
    expect(expectError(refused, 400, "IMPORT_INVALID").rows).toEqual([{ row: 2, errors: ["otherDivisionSector"] }]);
    expectError(
      await t.as(w.enterpriseUser).upload("POST", `/api/isolation-points/import?divisionId=${w.division.id}`, "file", {
        data: Buffer.from("%PDF-1.4"),
        filename: "x.pdf",
        type: "application/pdf",
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });
});
