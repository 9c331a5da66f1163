import type { TPermitSummary } from "@openpermit/shared";
import ExcelJS from "exceljs";

export type TExportFormat = "csv" | "xlsx";

export const EXPORT_TYPES: Record<TExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A spreadsheet runs a cell starting with one of these as a formula: texts typed by users get an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (text: string | null | undefined) => {
  const value = text ?? "";
  return FORMULA_START.test(value) ? `'${value}` : value;
};

const COLUMNS = [
  { header: "Document number", key: "documentNumber", width: 20 },
  { header: "Status", key: "status", width: 12 },
  { header: "Task", key: "taskTitle", width: 40 },
  { header: "Enterprise", key: "enterprise", width: 25 },
  { header: "Division", key: "division", width: 20 },
  { header: "Sector", key: "sector", width: 20 },
  { header: "Sub-sector", key: "subSector", width: 20 },
  { header: "Work type", key: "workType", width: 20 },
  { header: "Contractor", key: "contractor", width: 25 },
  { header: "Start", key: "startAt", width: 22 },
  { header: "End", key: "endAt", width: 22 },
  { header: "Criticality", key: "criticality", width: 14 },
  { header: "Created by", key: "createdBy", width: 25 },
  { header: "Created at", key: "createdAt", width: 22 },
];

/** The permits list as a CSV or XLSX file, one permit a row, in the list's order. */
export async function writePermitsFile(format: TExportFormat, rows: TPermitSummary[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "OpenPermit";
  const sheet = workbook.addWorksheet("Permits", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      documentNumber: row.documentNumber ?? "",
      status: row.status,
      taskTitle: safe(row.taskTitle),
      enterprise: safe(row.enterprise.name),
      division: safe(row.division?.name),
      sector: row.sector ? safe(`${row.sector.number} ${row.sector.name}`) : "",
      subSector: safe(row.subSector?.name),
      workType: safe(row.workType?.name),
      contractor: safe(row.contractor?.name),
      startAt: row.startAt ?? "",
      endAt: row.endAt ?? "",
      criticality: safe(row.criticality?.name),
      createdBy: safe(row.createdBy?.name),
      createdAt: row.createdAt,
    });
  }
  const data = format === "csv" ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
