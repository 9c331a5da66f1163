import type { TAuditEntry } from "@openpermit/shared";
import ExcelJS from "exceljs";
import type { TExportFormat } from "../permits/export-file";

/** A spreadsheet runs a cell starting with one of these as a formula: recorded texts get an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (text: string | null | undefined) => {
  const value = text ?? "";
  return FORMULA_START.test(value) ? `'${value}` : value;
};

const COLUMNS = [
  { header: "Seq", key: "seq", width: 8 },
  { header: "At (UTC)", key: "at", width: 26 },
  { header: "Actor", key: "actor", width: 30 },
  { header: "Role", key: "role", width: 16 },
  { header: "Action", key: "action", width: 24 },
  { header: "Object type", key: "objectType", width: 14 },
  // What a reader calls it (a permit's document number, a person's name): the id stays in its own column.
  { header: "Object", key: "object", width: 30 },
  { header: "Object id", key: "objectId", width: 38 },
  { header: "Details", key: "details", width: 50 },
  { header: "IP", key: "ip", width: 18 },
];

/** The audit trail as a CSV or XLSX file, one entry a row, newest first. */
export async function writeAuditFile(format: TExportFormat, rows: TAuditEntry[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "OpenPermit";
  const sheet = workbook.addWorksheet("Audit trail", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      seq: row.seq,
      at: row.at,
      actor: safe(row.actorLabel),
      role: row.actorRole ?? "",
      action: row.action,
      objectType: row.objectType ?? "",
      object: safe(row.objectId ? row.labels[row.objectId] : ""),
      objectId: safe(row.objectId),
      details: safe(JSON.stringify(row.details)),
      ip: row.ip ?? "",
    });
  }
  const data = format === "csv" ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
