import { MATRIX_FILE_COLUMNS, MATRIX_FILE_ROLES, ORGANISATION_LIMITS, type TMatrixRole } from "@openpermit/shared";
import {
  readTableFile,
  TABLE_FILE_TYPES,
  type TTableFormat,
  tableFormatOf,
  writeTableFile,
} from "../../lib/table-file";
import type { TUpload } from "../../lib/uploads";

export type TMatrixFormat = TTableFormat;

export const MATRIX_FILE_TYPES = TABLE_FILE_TYPES;

/** One data row of a matrix file: its number in the file (header = 1) and its three cells as text. */
export interface TMatrixFileRow {
  row: number;
  email: string;
  sector: string;
  role: string;
}

export interface TMatrixFileLine {
  email: string;
  managerName: string;
  sector: number;
  sectorName: string;
  role: Exclude<TMatrixRole, "none">;
}

/** The columns written for the reader only. */
const MATRIX_NAME_COLUMNS = { manager: "Manager name", sector: "Sector name" } as const;

/**
 * The matrix as a file: the three columns the import reads (an e-mail, a sector number, a role) and, for the reader,
 * the manager's and the sector's names beside them (the import ignores columns it does not read).
 */
export function writeMatrixFile(format: TMatrixFormat, lines: TMatrixFileLine[]): Promise<Buffer> {
  return writeTableFile(
    format,
    "Permissions",
    [
      { header: MATRIX_FILE_COLUMNS[0], key: "email", width: 40 },
      { header: MATRIX_NAME_COLUMNS.manager, key: "managerName", width: 28 },
      { header: MATRIX_FILE_COLUMNS[1], key: "sector", width: 10 },
      { header: MATRIX_NAME_COLUMNS.sector, key: "sectorName", width: 28 },
      { header: MATRIX_FILE_COLUMNS[2], key: "role", width: 12 },
    ],
    lines.map((line) => ({
      email: line.email,
      managerName: line.managerName,
      sector: line.sector,
      sectorName: line.sectorName,
      role: MATRIX_FILE_ROLES[line.role],
    })),
  );
}

/** What an uploaded matrix file is (XLSX by content, CSV by name or type and text content; 415 otherwise). */
export const matrixFormatOf = (upload: TUpload) => tableFormatOf(upload, "the permissions matrix");

/**
 * The data rows of a matrix file, numbered as in the file. The header (row 1) must name the three
 * columns, in any order and case; else `null`. Blank rows are skipped. More rows than allowed answer 413.
 */
export async function readMatrixFile(format: TMatrixFormat, data: Buffer): Promise<TMatrixFileRow[] | null> {
  const rows = await readTableFile(format, data, MATRIX_FILE_COLUMNS, {
    maxRows: ORGANISATION_LIMITS.importMaxRows,
    what: "matrix",
  });
  return rows?.map(({ row, cells: [email = "", sector = "", role = ""] }) => ({ row, email, sector, role })) ?? null;
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
