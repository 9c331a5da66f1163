import { Readable } from "node:stream";
import { MATRIX_FILE_COLUMNS, MATRIX_FILE_ROLES, ORGANISATION_LIMITS, type TMatrixRole } from "@openpermit/shared";
import ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../lib/app-error";
import type { TUpload } from "../../lib/uploads";
import { assertZipWithin, ZipRefused } from "../../lib/zip-guard";

export type TMatrixFormat = "csv" | "xlsx";

export const MATRIX_FILE_TYPES: Record<TMatrixFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const XLSX_MIME = MATRIX_FILE_TYPES.xlsx;
/** An export of 5000 rows inflates to about 1 MB of XML; this leaves room for anything a person saves. */
const XLSX_MAX_INFLATED = 50 * 1024 * 1024;
/** Blank lines are read too (rows keep their numbers in the file), so the reader stops a little further. */
const CSV_MAX_LINES = ORGANISATION_LIMITS.importMaxRows * 2 + 1;

/** One data row of a matrix file: its number in the file (header = 1) and its three cells as text. */
export interface TMatrixFileRow {
  row: number;
  email: string;
  sector: string;
  role: string;
}

export interface TMatrixFileLine {
  email: string;
  sector: number;
  role: Exclude<TMatrixRole, "none">;
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * A spreadsheet program runs a CSV cell that starts with one of these as a formula. The export quotes such
 * an e-mail with an apostrophe (as spreadsheets themselves do), and the import takes the apostrophe off.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export async function writeMatrixFile(format: TMatrixFormat, lines: TMatrixFileLine[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "OpenPermit";
  const sheet = workbook.addWorksheet("Permissions", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [
    { header: MATRIX_FILE_COLUMNS[0], key: "email", width: 40 },
    { header: MATRIX_FILE_COLUMNS[1], key: "sector", width: 10 },
    { header: MATRIX_FILE_COLUMNS[2], key: "role", width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) {
    const email = format === "csv" && FORMULA_START.test(line.email) ? `'${line.email}` : line.email;
    sheet.addRow({ email, sector: line.sector, role: MATRIX_FILE_ROLES[line.role] });
  }
  const data = format === "csv" ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

const unreadable = (format: string) =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", `This file cannot be read as ${format}. Send a CSV or XLSX file.`);

/**
 * What an uploaded matrix file is: XLSX by its content; CSV when the content is text and the name or the
 * declared type says CSV. Anything else (a PDF, an image, an old .xls) is refused with 415.
 */
export async function matrixFormatOf(upload: TUpload): Promise<TMatrixFormat> {
  const type = await fileTypeFromBuffer(upload.data);
  if (type?.mime === XLSX_MIME) return "xlsx";
  const saysCsv = /\.(csv|txt)$/i.test(upload.filename) || /csv|text\/plain/i.test(upload.mimetype);
  if (!type && saysCsv && !upload.data.subarray(0, 64 * 1024).includes(0)) return "csv";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the permissions matrix as a CSV or XLSX file.");
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

async function readSheet(format: TMatrixFormat, data: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  const workbook = new ExcelJS.Workbook();
  if (format === "xlsx") {
    try {
      assertZipWithin(data, XLSX_MAX_INFLATED);
      await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
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
      parserOptions: { delimiter: delimiterOf(text), maxRows: CSV_MAX_LINES },
    } as Parameters<typeof workbook.csv.read>[1]);
  } catch {
    throw unreadable("CSV");
  }
}

const cellText = (row: ExcelJS.Row, column: number) => (column > 0 ? row.getCell(column).text.trim() : "");
const normalise = (header: string) => header.trim().toLowerCase();

/**
 * The data rows of a matrix file, numbered as in the file. The header (row 1) must name the three
 * columns, in any order and case; else `null`. Blank rows are skipped. More rows than allowed answer 413.
 */
export async function readMatrixFile(format: TMatrixFormat, data: Buffer): Promise<TMatrixFileRow[] | null> {
  const sheet = await readSheet(format, data);
  if (!sheet) return null;
  const header = sheet.getRow(1);
  const columns = MATRIX_FILE_COLUMNS.map((name) => {
    let found = 0;
    header.eachCell((cell, column) => {
      if (!found && normalise(cell.text) === normalise(name)) found = column;
    });
    return found;
  });
  if (columns.includes(0)) return null;
  const [emailColumn, sectorColumn, roleColumn] = columns as [number, number, number];
  const rows: TMatrixFileRow[] = [];
  let tooMany = format === "csv" && sheet.rowCount >= CSV_MAX_LINES;
  sheet.eachRow((row, number) => {
    if (number === 1 || tooMany) return;
    const line = {
      row: number,
      email: cellText(row, emailColumn).replace(/^'(?=[=+\-@])/, ""),
      sector: cellText(row, sectorColumn),
      role: cellText(row, roleColumn),
    };
    if (!line.email && !line.sector && !line.role) return;
    if (rows.length === ORGANISATION_LIMITS.importMaxRows) tooMany = true;
    else rows.push(line);
  });
  if (tooMany) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `A matrix file holds at most ${ORGANISATION_LIMITS.importMaxRows} rows.`,
      undefined,
      { details: { maxRows: ORGANISATION_LIMITS.importMaxRows } },
    );
  }
  return rows;
}

const ROLE_WORDS: Record<string, TMatrixRole> = {
  none: "none",
  verifier: "verifier",
  approver: "approver",
  both: "both",
  aucun: "none",
  verificateur: "verifier",
  approbateur: "approver",
  "les deux": "both",
};

/** A role cell, in English or French, in any case and with or without accents; null if it is none of them. */
export function parseMatrixRole(text: string): TMatrixRole | null {
  const word = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return ROLE_WORDS[word] ?? null;
}
