import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./app-error";
import type { TUpload } from "./uploads";
import { guardZip, type TZipLimits, ZipRefused } from "./zip-guard";

/**
 * CSV and XLSX files of one table (a header row, then one row per line), as the permissions matrix and the
 * isolation register are exported and imported: written and read by exceljs, never by hand, with the same guards
 * (content sniffing, zip-bomb limit, row limit, formula injection).
 */
export type TTableFormat = "csv" | "xlsx";

export const TABLE_FILE_TYPES: Record<TTableFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const XLSX_MIME = TABLE_FILE_TYPES.xlsx;
/**
 * An export of 5000 rows inflates to about 1–2 MB of XML in about ten entries; 16 MB leaves room for what a person
 * saves (styles, a few images). Not more: exceljs holds a whole sheet and parses it before the row limit is checked,
 * and 50 MB of XML cost 8 s of CPU and 650 MB of memory (measured), a fifth of that at this bound.
 */
const XLSX_LIMITS: TZipLimits = { maxBytes: 16 * 1024 * 1024, maxEntries: 500 };

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * A spreadsheet program runs a CSV cell that starts with one of these as a formula. The export quotes such a
 * cell with an apostrophe (as spreadsheets themselves do), and the import takes the apostrophe off.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface TTableColumn {
  header: string;
  key: string;
  width: number;
}

export async function writeTableFile(
  format: TTableFormat,
  sheetName: string,
  columns: TTableColumn[],
  rows: Record<string, string | number | null>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "OpenPermit";
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  const guard = (value: string | number | null) =>
    format === "csv" && typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : (value ?? "");
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, guard(value)])));
  }
  const data = format === "csv" ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

const unreadable = (format: string) =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", `This file cannot be read as ${format}. Send a CSV or XLSX file.`);

/**
 * What an uploaded file is: XLSX by its content; CSV when the content is text and the name or the declared type
 * says CSV. Anything else (a PDF, an image, an old .xls) is refused with 415. `what` names the table.
 */
export async function tableFormatOf(upload: TUpload, what: string): Promise<TTableFormat> {
  const type = await fileTypeFromBuffer(upload.data);
  if (type?.mime === XLSX_MIME) return "xlsx";
  const saysCsv = /\.(csv|txt)$/i.test(upload.filename) || /csv|text\/plain/i.test(upload.mimetype);
  if (!type && saysCsv && !upload.data.subarray(0, 64 * 1024).includes(0)) return "csv";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send ${what} as a CSV or XLSX file.`);
}

/** Text of a CSV file: UTF-8 (with or without BOM), else Windows-1252 as older spreadsheet programs save it. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

/** Spreadsheets in French locales save CSV with semicolons: the header line says which separator is used. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

async function readSheet(format: TTableFormat, data: Buffer, maxLines: number): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  if (format === "xlsx") {
    try {
      // exceljs reads the guard's copy, never the upload: it cannot find an entry the guard did not count.
      const checked = await guardZip(data, XLSX_LIMITS);
      await workbook.xlsx.load(checked as unknown as ExcelJS.Buffer);
    } catch (error) {
      if (error instanceof ZipRefused && error.reason === "too-large") {
        throw new AppError("PAYLOAD_TOO_LARGE", "This spreadsheet is too large once unpacked.");
      }
      throw unreadable("XLSX");
    }
    return workbook.worksheets[0];
  }
  const text = decodeText(data);
  try {
    return await workbook.csv.read(Readable.from([text]), {
      // Cells stay text: "0012" or "2026-01-01" are names to match, not numbers or dates.
      map: (value: string) => value,
      parserOptions: { delimiter: delimiterOf(text), maxRows: maxLines },
    } as Parameters<typeof workbook.csv.read>[1]);
  } catch {
    throw unreadable("CSV");
  }
}

const cellText = (row: ExcelJS.Row, column: number) =>
  column > 0
    ? row
        .getCell(column)
        .text.trim()
        .replace(/^'(?=[=+\-@])/, "")
    : "";
const normalise = (header: string) => header.trim().toLowerCase();

/** One data row of a table file: its number in the file (header = 1) and its cells, in the columns' order. */
export interface TTableRow {
  row: number;
  cells: string[];
}

/**
 * The data rows of a table file, numbered as in the file. The header (row 1) must name each of `columns`, in any
 * order and case; else `null`. Blank rows are skipped. More than `maxRows` rows answer 413 (`what` names the table).
 */
export async function readTableFile(
  format: TTableFormat,
  data: Buffer,
  columns: readonly string[],
  { maxRows, what }: { maxRows: number; what: string },
): Promise<TTableRow[] | null> {
  // Blank lines are read too (rows keep their numbers in the file), so the reader stops a little further.
  const maxLines = maxRows * 2 + 1;
  const sheet = await readSheet(format, data, maxLines);
  if (!sheet) return null;
  const header = sheet.getRow(1);
  const found = columns.map((name) => {
    let column = 0;
    header.eachCell((cell, index) => {
      if (!column && normalise(cell.text) === normalise(name)) column = index;
    });
    return column;
  });
  if (found.includes(0)) return null;
  const rows: TTableRow[] = [];
  let tooMany = format === "csv" && sheet.rowCount >= maxLines;
  sheet.eachRow((row, number) => {
    if (number === 1 || tooMany) return;
    const cells = found.map((column) => cellText(row, column));
    if (cells.every((cell) => !cell)) return;
    if (rows.length === maxRows) tooMany = true;
    else rows.push({ row: number, cells });
  });
  if (tooMany) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A ${what} file holds at most ${maxRows} rows.`, undefined, {
      details: { maxRows },
    });
  }
  return rows;
}
