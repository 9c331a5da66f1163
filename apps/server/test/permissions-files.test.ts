import { Readable } from "node:stream";
import { MATRIX_FILE_COLUMNS } from "@openpermit/shared";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, type TFilePart, upload } from "./helpers/http";
import { addSector, grant, PDF_BYTES, png } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";
import { sheetEntries, zipOf } from "./helpers/zip-builder";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
/** Division A: sectors 1 and 2 ("Tank farm"); division B: sectors 1 and 9. */
let s1: { id: string };
let s2: { id: string };
let b1: { id: string };
let b9: { id: string };
let r2: TPerson;

type TCells = (string | number)[][];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  s1 = await addSector(t.ctx, tenant.division, { number: 1, name: "Crude unit" });
  s2 = await addSector(t.ctx, tenant.division, { number: 2, name: "Tank farm" });
  b1 = await addSector(t.ctx, tenant.otherDivision, { number: 1, name: "Jetty" });
  b9 = await addSector(t.ctx, tenant.otherDivision, { number: 9, name: "Flare" });
  r2 = await createUser(t.ctx, "Responsible", { enterpriseId: tenant.enterprise.id, divisionId: tenant.division.id });
  await grant(t.ctx, tenant.responsible.id, s1.id, "verifier");
  await grant(t.ctx, r2.id, s2.id, "both");
  await grant(t.ctx, tenant.otherDivisionResponsible.id, b1.id, "approver");
});
afterAll(() => t.close());

async function workbookOf(rows: TCells) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  for (const row of rows) sheet.addRow(row);
  return workbook;
}
const xlsxOf = async (rows: TCells): Promise<TFilePart> => ({
  data: Buffer.from(await (await workbookOf(rows)).xlsx.writeBuffer()),
  filename: "matrix.xlsx",
  type: XLSX,
});
const csvOf = async (rows: TCells): Promise<TFilePart> => ({
  data: Buffer.from(await (await workbookOf(rows)).csv.writeBuffer()),
  filename: "matrix.csv",
  type: "text/csv",
});
/** The header of a file written by hand for the import: its three columns. */
const header = [...MATRIX_FILE_COLUMNS];
/** What an export's header holds: the import's columns, and the names beside them for the reader. */
const exportHeader = [
  MATRIX_FILE_COLUMNS[0],
  "Manager name",
  MATRIX_FILE_COLUMNS[1],
  "Sector name",
  MATRIX_FILE_COLUMNS[2],
];
/** An export's rows as the import reads them: e-mail, sector number, role. */
const readBack = (rows: string[][]) => rows.map((r) => [r[0]!, r[2]!, r[4]!]);

async function importFile(file: TFilePart | null, person: TPerson = tenant.enterpriseUser, field = "file") {
  return t.as(person).upload("POST", "/api/permissions/import", field, file);
}
async function exportFile(query: string, person: TPerson = tenant.enterpriseUser) {
  const response = await t.as(person).get(`/api/permissions/export?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
/** Rows of an exported file, read back with exceljs. */
async function rowsOf(format: "csv" | "xlsx", data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  if (format === "xlsx") await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const sheet = format === "xlsx" ? workbook.worksheets[0]! : await workbook.csv.read(Readable.from([data]));
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v)));
  });
  return rows;
}
async function matrix(person: TPerson = tenant.enterpriseUser) {
  return (await t.as(person).get("/api/permissions")).json().data;
}
const cellsSnapshot = async () =>
  (
    await t.ctx.pool.query(
      "SELECT manager_id, sector_id, can_verify, can_approve, updated_at FROM sector_permissions ORDER BY 1, 2",
    )
  ).rows;

describe("GET /api/permissions/export", () => {
  it("writes a CSV of every set cell: e-mail, sector number, role", async () => {
    const response = await exportFile("format=csv");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="permissions-matrix-[\d-]+\.csv"$/);
    const rows = await rowsOf("csv", response.rawPayload);
    expect(rows[0]).toEqual(exportHeader);
    // The names beside the numbers and e-mails: the sector's as set up, the manager's.
    const crude = rows.find((r) => r[0] === tenant.responsible.email)!;
    expect(crude[3]).toBe("Crude unit");
    expect(crude[1]).not.toBe("");
    expect(readBack(rows.slice(1)).sort()).toEqual(
      [
        [tenant.responsible.email, "1", "Verifier"],
        [r2.email, "2", "Both"],
        [tenant.otherDivisionResponsible.email, "1", "Approver"],
      ].sort(),
    );
  });

  it("writes an XLSX of one division; a super-responsible gets its own division only", async () => {
    const response = await exportFile(`format=xlsx&divisionId=${tenant.division.id}`);
    expect(response.headers["content-type"]).toBe(XLSX);
    expect(response.headers["content-disposition"]).toMatch(/filename="permissions-matrix-[\d-]+\.xlsx"$/);
    const rows = await rowsOf("xlsx", response.rawPayload);
    expect(rows[0]).toEqual(exportHeader);
    expect(readBack(rows.slice(1)).sort()).toEqual(
      [
        [tenant.responsible.email, "1", "Verifier"],
        [r2.email, "2", "Both"],
      ].sort(),
    );
    const site = await exportFile("format=xlsx", tenant.superResponsible);
    expect(await rowsOf("xlsx", site.rawPayload)).toEqual(rows);
    const refused = await get(
      t.app,
      `/api/permissions/export?format=csv&divisionId=${tenant.otherDivision.id}`,
      await t.as(tenant.superResponsible).call(),
    );
    expectError(refused, 404, "NOT_FOUND");
    const foreign = await get(
      t.app,
      `/api/permissions/export?format=csv&divisionId=${other.division.id}`,
      await t.as(tenant.enterpriseUser).call(),
    );
    expectError(foreign, 404, "NOT_FOUND");
    expectFields(await t.as(tenant.enterpriseUser).get("/api/permissions/export?format=pdf"), {
      format: "invalidValue",
    });
  });
});

describe("POST /api/permissions/import: round trips", () => {
  for (const format of ["xlsx", "csv"] as const) {
    it(`imports its own ${format.toUpperCase()} export and changes nothing`, async () => {
      const before = await matrix();
      const cells = await cellsSnapshot();
      const exported = await exportFile(`format=${format}`);
      const file = {
        data: exported.rawPayload,
        filename: `matrix.${format}`,
        type: exported.headers["content-type"] as string,
      };
      const response = await importFile(file);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { applied: 3 } });
      expect(await matrix()).toEqual(before);
      // Not even who last changed a cell, or when.
      expect(await cellsSnapshot()).toEqual(cells);
    });
  }
});

describe("POST /api/permissions/import: applying a file", () => {
  it("sets and clears cells by sector number or name, with roles in English or French, in any case", async () => {
    const responsible = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const file = await xlsxOf([
      ["Role", "manager EMAIL", "Sector"],
      ["Approbateur", responsible.email.toUpperCase(), 1],
      [],
      ["les deux", responsible.email, "tank FARM"],
      ["BOTH", tenant.otherDivisionResponsible.email, 9],
    ]);
    const response = await importFile(file);
    expect(response.json()).toEqual({ data: { applied: 3 } });
    const cells = (await matrix()).cells;
    expect(cells).toEqual(
      expect.arrayContaining([
        { managerId: responsible.id, sectorId: s1.id, role: "approver" },
        { managerId: responsible.id, sectorId: s2.id, role: "both" },
        { managerId: tenant.otherDivisionResponsible.id, sectorId: b9.id, role: "both" },
      ]),
    );
    const cleared = await xlsxOf([header, [responsible.email, "Tank farm", "Aucun"], [responsible.email, 1, "none"]]);
    expect((await importFile(cleared)).json()).toEqual({ data: { applied: 2 } });
    const after = (await matrix()).cells.filter((c: { managerId: string }) => c.managerId === responsible.id);
    expect(after).toEqual([]);
  });

  it("reads a CSV saved by a French spreadsheet: semicolons, Windows-1252, a BOM-less file", async () => {
    const responsible = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const text = `Manager email;Sector;Role\r\n${responsible.email};2;Vérificateur\r\n`;
    const file = { data: Buffer.from(text, "latin1"), filename: "matrice.csv", type: "application/vnd.ms-excel" };
    const response = await importFile(file);
    expect(response.json()).toEqual({ data: { applied: 1 } });
    expect((await matrix()).cells).toContainEqual({ managerId: responsible.id, sectorId: s2.id, role: "verifier" });
  });
});

describe("POST /api/permissions/import: refusals", () => {
  it("refuses a file with bad rows as a whole, naming each bad row and why; nothing changes", async () => {
    const cells = await cellsSnapshot();
    const file = await csvOf([
      header,
      ["nobody@example.com", 1, "Verifier"], // 2
      [tenant.responsible.email, 42, "Verifier"], // 3
      [tenant.responsible.email, 2, "Boss"], // 4
      [tenant.responsible.email, 9, "Approver"], // 5: sector 9 is division B's
      [r2.email, 1, "Approver"], // 6: fine on its own
      [tenant.responsible.email, "", "Both"], // 7
      [tenant.superResponsible.email, 1, "Verifier"], // 8
      [r2.email, "Crude unit", "Both"], // 9: the same cell as row 6
      [other.responsible.email, 1, "Verifier"], // 10: another enterprise's manager
      ["", "Nowhere", "Maybe"], // 11
    ]);
    const refused = expectError(await importFile(file), 400, "IMPORT_INVALID");
    expect(refused.rows).toEqual([
      { row: 2, errors: ["unknownEmail"] },
      { row: 3, errors: ["unknownSector"] },
      { row: 4, errors: ["badRole"] },
      { row: 5, errors: ["otherDivisionSector"] },
      { row: 7, errors: ["missingValue"] },
      { row: 8, errors: ["notAManager"] },
      { row: 9, errors: ["duplicateRow"] },
      { row: 10, errors: ["unknownEmail"] },
      { row: 11, errors: ["missingValue", "unknownSector", "badRole"] },
    ]);
    expect(await cellsSnapshot()).toEqual(cells);
  });

  it("keeps a super-responsible to its division: others' managers and sectors are unknown to it", async () => {
    const file = await xlsxOf([
      header,
      [tenant.otherDivisionResponsible.email, 1, "Verifier"],
      [tenant.responsible.email, 9, "Verifier"],
      [tenant.responsible.email, "Jetty", "Verifier"],
    ]);
    const refused = expectError(await importFile(file, tenant.superResponsible), 400, "IMPORT_INVALID");
    expect(refused.rows).toEqual([
      { row: 2, errors: ["unknownEmail"] },
      { row: 3, errors: ["unknownSector"] },
      { row: 4, errors: ["unknownSector"] },
    ]);
    const fine = await xlsxOf([header, [tenant.responsible.email, 2, "Approver"]]);
    expect((await importFile(fine, tenant.superResponsible)).json()).toEqual({ data: { applied: 1 } });
    await t.ctx.pool.query("DELETE FROM sector_permissions WHERE manager_id = $1 AND sector_id = $2", [
      tenant.responsible.id,
      s2.id,
    ]);
  });

  it("needs the three columns in the first row", async () => {
    for (const file of [
      await xlsxOf([
        ["Email", "Sector", "Role"],
        [tenant.responsible.email, 1, "Verifier"],
      ]),
      await csvOf([[tenant.responsible.email, 1, "Verifier"]]),
      { data: Buffer.from("\n"), filename: "empty.csv", type: "text/csv" },
    ]) {
      const refused = expectError(await importFile(file), 400, "IMPORT_INVALID");
      expect(refused.rows).toEqual([{ row: 1, errors: ["missingValue"] }]);
    }
  });

  it("refuses what is not a CSV or XLSX file (415), and a file in another field (400)", async () => {
    const wrong: TFilePart[] = [
      { data: PDF_BYTES, filename: "matrix.pdf", type: "application/pdf" },
      { data: png(3, 3), filename: "matrix.csv", type: "text/csv" },
      { data: Buffer.from("Manager email,Sector,Role\n"), filename: "matrix.md", type: "text/markdown" },
      { data: Buffer.from("PK\x03\x04 not really a zip", "latin1"), filename: "matrix.xlsx", type: XLSX },
    ];
    for (const file of wrong) expectError(await importFile(file), 415, "UNSUPPORTED_MEDIA_TYPE");
    expectFields(await importFile(await csvOf([header]), tenant.enterpriseUser, "matrix"), { file: "invalidValue" });
    expectFields(await importFile(null), { file: "invalidValue" });
  });

  it("refuses more than 5000 rows and files over 5 MB (413)", async () => {
    const many: TCells = [header];
    for (let i = 0; i < 5001; i++) many.push([`person${i}@example.com`, 1, "Verifier"]);
    const tooMany = expectError(await importFile(await csvOf(many)), 413, "PAYLOAD_TOO_LARGE");
    expect(tooMany.details).toEqual({ maxRows: 5000 });
    const padding = "x".repeat(5 * 1024 * 1024);
    const tooBig = {
      data: Buffer.from(`Manager email,Sector,Role\n${padding}`),
      filename: "big.csv",
      type: "text/csv",
    };
    expectError(await importFile(tooBig), 413, "PAYLOAD_TOO_LARGE");
  });

  it("refuses an XLSX whose end record hides most of its entries (413): nothing is read, nothing changes", async () => {
    const cells = await cellsSnapshot();
    // A sheet that would apply, then 26 entries of 2 MB once inflated (52 MB) that the end record leaves out.
    const sheet = sheetEntries([header, [tenant.responsible.email, "2", "Approver"]]);
    const hidden = Array.from({ length: 26 }, (_, i) => ({
      name: `xl/media/image${i}.png`,
      data: Buffer.alloc(2 * 1024 * 1024),
    }));
    const hostile = (entries: typeof hidden) => ({
      data: zipOf([...sheet, ...entries], { claimedCount: sheet.length }),
      filename: "matrix.xlsx",
      type: XLSX,
    });
    const bomb = hostile(hidden);
    expect(bomb.data.length).toBeLessThan(100 * 1024);
    expectError(await importFile(bomb), 413, "PAYLOAD_TOO_LARGE");
    // The same hiding entries that claim to be small: the counts disagree, which is no spreadsheet (415).
    const small = hidden.map((entry) => ({ ...entry, declared: 10 }));
    expectError(await importFile(hostile(small)), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(await cellsSnapshot()).toEqual(cells);
  });

  it("is for the enterprise and super-responsibles only", async () => {
    const file = await csvOf([header]);
    for (const person of [tenant.responsible, tenant.supplierUser, tenant.employee, await createUser(t.ctx, "Admin")]) {
      expectError(await importFile(file, person), 403, "FORBIDDEN");
    }
    expectError(await upload(t.app, "POST", "/api/permissions/import", "file", file), 401, "UNAUTHENTICATED");
  });
});
