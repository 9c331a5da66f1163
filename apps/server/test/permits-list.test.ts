import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError, get } from "./helpers/http";
import { openApiChecker } from "./helpers/openapi-check";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const ids: Record<string, string> = {};

async function make(name: string, person: TPerson, overrides = {}) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  ids[name] = response.json().data.id;
  return ids[name]!;
}

/** The names of the permits a person gets for a query, in the answer's order. */
async function names(person: TPerson, query = "") {
  const response = await t.as(person).get(`/api/permits?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  check("GET", "/api/permits", response);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return response.json().data.map((row: { id: string }) => byId.get(row.id) ?? row.id);
}
const sorted = async (person: TPerson, query = "") => (await names(person, query)).sort();

let check: Awaited<ReturnType<typeof openApiChecker>>;
beforeAll(async () => {
  t = await createTestApp();
  check = await openApiChecker(t.app);
  w = await createPermitWorld(t.ctx);
  await make("draft", w.employee, {
    taskTitle: "Paint the railing",
    startAt: "2026-03-01T08:00:00Z",
    endAt: "2026-03-02T08:00:00Z",
  });
  await make("sent", w.employee, { taskTitle: "Weld flange A" });
  await putInStatus(t.ctx, ids.sent!, "sended", { documentNumber: "PTW-2026-000002" });
  await make("verified", w.employee, { taskTitle: "Weld flange B" });
  await putInStatus(t.ctx, ids.verified!, "Confirmed", {
    documentNumber: "PTW-2026-000001",
    verifiedBy: w.verifier.id,
  });
  await make("supplierDraft", w.supplierUser, { taskTitle: "Scaffold", jobDescription: "Tower crane base" });
  await make("otherSent", w.otherSupplier.employee, { taskTitle: "Insulation" });
  await putInStatus(t.ctx, ids.otherSent!, "sended", { documentNumber: "PTW-2026-000003" });
  await make("internal", w.enterpriseUser, {
    taskTitle: "Inspect valves",
    probabilityId: w.probability.low.id,
    severityId: w.severity.low.id,
  });
  await make("elsewhere", w.otherSupplier.employee, { sectorId: w.otherSector.id, checklist: [], riskIds: [] });
  await putInStatus(t.ctx, ids.elsewhere!, "sended", { documentNumber: "PTW-2026-000004" });
});
afterAll(async () => t.close());

describe("GET /api/permits views", () => {
  it("saved and sent: the caller's side's drafts and sent permits", async () => {
    expect(await sorted(w.employee, "view=saved")).toEqual(["draft"]);
    expect(await sorted(w.employee, "view=sent")).toEqual(["sent", "verified"]);
    expect(await sorted(w.supplierUser, "view=saved")).toEqual(["draft", "supplierDraft"]);
    expect(await sorted(w.supplierUser, "view=sent")).toEqual(["sent", "verified"]);
    expect(await sorted(w.otherSupplier.supplierUser, "view=sent")).toEqual(["elsewhere", "otherSent"]);
    expect(await sorted(w.enterpriseUser, "view=saved")).toEqual(["internal"]);
  });

  it("todo: what waits for this manager's verification or approval", async () => {
    expect(await sorted(w.verifier, "view=todo")).toEqual(["otherSent", "sent"]);
    expect(await sorted(w.approver, "view=todo")).toEqual(["verified"]);
    expect(await sorted(w.otherDivisionResponsible, "view=todo")).toEqual(["elsewhere"]);
    expect(await sorted(w.enterpriseUser, "view=todo")).toEqual([]);
    expect(await sorted(w.employee, "view=todo")).toEqual([]);
  });

  it("all: everything the caller may see, nothing of another tenant", async () => {
    // The principal's side sees its own drafts, and another's permits once sent: a contractor's never-sent draft
    // ("draft", "supplierDraft") is its work in progress, and so is the enterprise's internal draft for the division.
    expect(await sorted(w.enterpriseUser)).toEqual(["elsewhere", "internal", "otherSent", "sent", "verified"]);
    expect(await sorted(w.superResponsible)).toEqual(["otherSent", "sent", "verified"]);
    expect(await sorted(w.supplierUser)).toEqual(["draft", "sent", "supplierDraft", "verified"]);
    expect(await sorted(w.otherDivisionResponsible)).toEqual(["elsewhere"]);
    expect(await sorted(w.otherSupplier.supplierUser)).toEqual(["elsewhere", "otherSent"]);
    expect(await sorted(w.otherTenant.enterpriseUser)).toEqual([]);
    expectError(await t.as(w.admin).get("/api/permits"), 403, "FORBIDDEN");
  });

  it("gives each row what the list shows: names, whom the permit is with for the reader, the flags that hold", async () => {
    const rowOf = async (person: TPerson, id: string) =>
      (await t.as(person).get("/api/permits?pageSize=100")).json().data.find((row: { id: string }) => row.id === id);
    expect(await rowOf(w.enterpriseUser, ids.sent!)).toEqual({
      id: ids.sent,
      documentNumber: "PTW-2026-000002",
      status: "sended",
      taskTitle: "Weld flange A",
      counterpart: w.supplier.name,
      sector: w.sector.name,
      subSector: w.subSector.name,
      startAt: expect.any(String),
      endAt: expect.any(String),
      criticality: { name: "High", colour: "#e03131" },
      flags: [],
    });
    // A contractor reads whose permit it is; an internal permit has no contractor; a draft's level is live.
    expect((await rowOf(w.supplierUser, ids.sent!)).counterpart).toBe(w.enterprise.name);
    expect(await rowOf(w.enterpriseUser, ids.internal!)).toMatchObject({
      counterpart: null,
      criticality: { name: "Low", colour: "#2f9e44" },
    });
  });
});

describe("GET /api/permits filters, search, sort and pages", () => {
  it("filters by status, sector, contractor, work type and criticality", async () => {
    const e = w.enterpriseUser;
    expect(await sorted(e, `status=sended,Confirmed&sectorId=${w.sector.id}`)).toEqual([
      "otherSent",
      "sent",
      "verified",
    ]);
    expect(await sorted(e, `contractorId=${w.otherSupplier.supplier.id}`)).toEqual(["elsewhere", "otherSent"]);
    expect(await sorted(e, `divisionId=${w.otherDivision.id}`)).toEqual(["elsewhere"]);
    expect(await sorted(e, `workTypeId=${w.workType.id}&view=saved`)).toEqual(["internal"]);
    expect(await sorted(e, "criticality=Low")).toEqual(["internal"]);
    expect((await t.as(e).get("/api/permits?status=Nope")).statusCode).toBe(400);
  });

  it("bounds the work period and searches numbers, titles, descriptions and contractors", async () => {
    const e = w.enterpriseUser;
    expect(await sorted(w.supplierUser, "from=2026-03-01T12:00:00Z&to=2026-03-05T00:00:00Z")).toEqual(["draft"]);
    expect(await sorted(e, "from=2026-03-01T12:00:00Z&to=2026-03-05T00:00:00Z")).toEqual([]);
    expect(await sorted(e, "q=000003")).toEqual(["otherSent"]);
    expect(await sorted(e, "q=weld%20flange")).toEqual(["sent", "verified"]);
    expect(await sorted(e, "q=tank%203")).not.toContain("supplierDraft");
    expect(await sorted(e, "q=tank%203")).toHaveLength(5);
    expect(await sorted(w.supplierUser, "q=crane")).toEqual(["supplierDraft"]);
    expect(await sorted(e, "q=crane")).toEqual([]);
    expect(await sorted(e, `q=${encodeURIComponent(w.otherSupplier.supplier.name)}`)).toEqual([
      "elsewhere",
      "otherSent",
    ]);
    expect(await sorted(e, "q=%25")).toEqual([]);
  });

  it("sorts and paginates on the server", async () => {
    const e = w.enterpriseUser;
    expect((await names(e, "sort=documentNumber")).slice(0, 4)).toEqual(["verified", "sent", "otherSent", "elsewhere"]);
    expect((await names(e, "sort=-documentNumber")).slice(0, 4)).toEqual([
      "elsewhere",
      "otherSent",
      "sent",
      "verified",
    ]);
    const page2 = (await t.as(e).get("/api/permits?sort=documentNumber&pageSize=2&page=2")).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([ids.otherSent, ids.elsewhere]);
    const beyond = (await t.as(e).get("/api/permits?pageSize=5&page=9")).json();
    expect(beyond).toMatchObject({ data: [], total: 5 });

    // A text search counts its matches on the page's own rows; a page past its end still tells the total.
    const searched = (await t.as(e).get("/api/permits?q=tank%203&pageSize=4")).json();
    expect(searched).toMatchObject({ page: 1, total: 5 });
    expect(searched.data).toHaveLength(4);
    const searchedPage2 = (await t.as(e).get("/api/permits?q=tank%203&pageSize=4&page=2")).json();
    expect(searchedPage2).toMatchObject({ page: 2, total: 5 });
    expect(searchedPage2.data).toHaveLength(1);
    const searchedBeyond = (await t.as(e).get("/api/permits?q=tank%203&pageSize=4&page=5")).json();
    expect(searchedBeyond).toMatchObject({ data: [], total: 5 });
    const nothing = (await t.as(e).get("/api/permits?q=no%20such%20words")).json();
    expect(nothing).toMatchObject({ data: [], total: 0 });
  });
});

describe("GET /api/permits/export", () => {
  it("writes the filtered list as CSV or XLSX", async () => {
    const csv = await get(
      t.app,
      "/api/permits/export?format=csv&status=sended&sort=documentNumber",
      await t.as(w.enterpriseUser).call(),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="permits-.*\.csv"$/);
    const lines = csv.body.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("PTW-2026-000002");
    // Every column the file has, beyond what a list row carries: division, sector number, work type, creator.
    expect(lines[0]).toBe(
      "Document number,Status,Task,Enterprise,Division,Sector,Sub-sector,Work type,Contractor,Start (UTC),End (UTC),Criticality,Created by,Created at (UTC)",
    );
    const { rows: creators } = await t.ctx.pool.query("SELECT name FROM users WHERE id = $1", [w.employee.id]);
    for (const name of [w.division.name, `${w.sector.number} ${w.sector.name}`, w.workType.name, creators[0].name])
      expect(lines[1]).toContain(name);
    expect(csv.body).not.toContain("Paint the railing");
    const xlsx = await t.as(w.verifier).get("/api/permits/export?format=xlsx");
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await t.as(w.enterpriseUser).get("/api/permits/export?format=pdf")).statusCode).toBe(400);
    expectError(await t.as(w.admin).get("/api/permits/export?format=csv"), 403, "FORBIDDEN");
  });

  it("writes it in the reader's words: its account's language, statuses by name, times in its zone as real dates", async () => {
    const query = "status=sended&sort=documentNumber&tz=Europe/Paris";
    const [first] = (await t.as(w.enterpriseUser).get(`/api/permits?${query}`)).json().data;
    const paris = new Date(first.startAt).toLocaleString("sv-SE", { timeZone: "Europe/Paris" }).slice(0, 16);
    const english = await t.as(w.enterpriseUser).get(`/api/permits/export?format=csv&${query}`);
    const [header, row] = english.body.trim().split("\n");
    expect(header).toContain("Document number,Status,");
    expect(header).toContain("Start (Europe/Paris)");
    expect(row).toContain(",Sent,");
    expect(row).toContain(paris);
    expect(row).not.toContain("sended");

    await t.ctx.pool.query("UPDATE users SET language = 'fr' WHERE id = $1", [w.enterpriseUser.id]);
    try {
      const french = await t.as(w.enterpriseUser).get(`/api/permits/export?format=csv&${query}`);
      expect(french.body).toContain("Statut");
      expect(french.body).toContain("Début (Europe/Paris)");
      expect(french.body.trim().split("\n")[1]).toContain(",Envoyé,");
      const xlsx = await t.as(w.enterpriseUser).get(`/api/permits/export?format=xlsx&${query}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe("Permis");
      const start = sheet.getRow(2).getCell(10).value;
      // A date a spreadsheet sorts, of the wall-clock time in the reader's zone.
      expect(start).toBeInstanceOf(Date);
      expect((start as Date).toISOString().slice(0, 16).replace("T", " ")).toBe(paris);
      expect(sheet.getRow(2).getCell(2).value).toBe("Envoyé");
    } finally {
      await t.ctx.pool.query("UPDATE users SET language = 'en' WHERE id = $1", [w.enterpriseUser.id]);
    }
  });
});
