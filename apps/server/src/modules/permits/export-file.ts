import type { TPermitStatus } from "@openpermit/shared";
import ExcelJS from "exceljs";
import { labelsOf, statusLabel, type TDocumentLanguage } from "../permit-documents/labels";

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

/** The export's own column names (the others are the printed permit's, permit-documents/labels.ts). */
const OWN = {
  en: { sheet: "Permits", task: "Task", enterprise: "Enterprise", createdBy: "Created by", createdAt: "Created at" },
  fr: { sheet: "Permis", task: "Tâche", enterprise: "Entreprise", createdBy: "Créé par", createdAt: "Créé le" },
} as const;

/**
 * One permit as a row of the file: every column the export has (more than a list row shows: the division, the
 * work type, who made it and when), names only (export-rows.ts reads them).
 */
export interface TPermitExportRow {
  documentNumber: string | null;
  status: TPermitStatus;
  taskTitle: string;
  enterprise: string | null;
  division: string | null;
  sector: { number: number; name: string } | null;
  subSector: string | null;
  workType: string | null;
  contractor: string | null;
  startAt: Date | null;
  endAt: Date | null;
  criticality: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** The reader's reading of the file: its language, and the time zone its times are written in. */
export interface TExportReader {
  language: TDocumentLanguage;
  timeZone: string;
}

function columnsFor({ language, timeZone }: TExportReader) {
  const L = labelsOf(language);
  const own = OWN[language];
  const inZone = (name: string) => `${name} (${timeZone})`;
  return [
    { header: L.documentNumber, key: "documentNumber", width: 20 },
    { header: L.status, key: "status", width: 14 },
    { header: own.task, key: "taskTitle", width: 40 },
    { header: own.enterprise, key: "enterprise", width: 25 },
    { header: L.division, key: "division", width: 20 },
    { header: L.sector, key: "sector", width: 20 },
    { header: L.subSector, key: "subSector", width: 20 },
    { header: L.workType, key: "workType", width: 20 },
    { header: L.contractor, key: "contractor", width: 25 },
    { header: inZone(L.startAt), key: "startAt", width: 26, style: { numFmt: "yyyy-mm-dd hh:mm" } },
    { header: inZone(L.endAt), key: "endAt", width: 26, style: { numFmt: "yyyy-mm-dd hh:mm" } },
    { header: L.criticality, key: "criticality", width: 14 },
    { header: own.createdBy, key: "createdBy", width: 25 },
    { header: inZone(own.createdAt), key: "createdAt", width: 26, style: { numFmt: "yyyy-mm-dd hh:mm" } },
  ];
}

/** The wall-clock time of an instant in a zone, as "2026-12-01 09:00" (sortable as text). */
function wallClock(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (instant: Date) => {
    const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  };
}

/**
 * A time for the file: in a CSV the zone's wall-clock time as text ("2026-12-01 09:00", sortable, the zone named in
 * the header); in an XLSX a real date a spreadsheet sorts and filters, of that same wall-clock time (a spreadsheet's
 * dates have no zone: the header names it).
 */
function timeCell(format: TExportFormat, timeZone: string) {
  const local = wallClock(timeZone);
  return (instant: Date | null): string | Date => {
    if (!instant) return "";
    const text = local(instant);
    return format === "csv" ? text : new Date(`${text.replace(" ", "T")}:00Z`);
  };
}

/**
 * The permits list as a CSV or XLSX file, one permit a row, in the list's order, in the reader's words: column names
 * and statuses in its language, times in its zone.
 */
export async function writePermitsFile(
  format: TExportFormat,
  rows: TPermitExportRow[],
  reader: TExportReader,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "OpenPermit";
  const sheet = workbook.addWorksheet(OWN[reader.language].sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columnsFor(reader);
  sheet.getRow(1).font = { bold: true };
  const time = timeCell(format, reader.timeZone);
  for (const row of rows) {
    sheet.addRow({
      documentNumber: row.documentNumber ?? "",
      status: statusLabel(reader.language, row.status),
      taskTitle: safe(row.taskTitle),
      enterprise: safe(row.enterprise),
      division: safe(row.division),
      sector: row.sector ? safe(`${row.sector.number} ${row.sector.name}`) : "",
      subSector: safe(row.subSector),
      workType: safe(row.workType),
      contractor: safe(row.contractor),
      startAt: time(row.startAt),
      endAt: time(row.endAt),
      criticality: safe(row.criticality),
      createdBy: safe(row.createdBy),
      createdAt: time(row.createdAt),
    });
  }
  const data = format === "csv" ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
