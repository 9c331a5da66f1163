import type { TFunction } from "i18next";
import type { TImportRowError } from "../../../../lib/api/api-error";

/** One refused row in words: "Row 4: unknown e-mail; bad role". */
export function formatImportRow({ row, errors }: TImportRowError, t: TFunction): string {
  const reasons = errors.length > 0 ? errors : null;
  return t("organisation:permissions.importRow", {
    row,
    problems: reasons
      ? reasons.map((code) => t(`organisation:permissions.importErrors.${code}`)).join("; ")
      : t("organisation:permissions.importErrors.unknown"),
  });
}

/** Every refused row, in file order. */
export function formatImportRows(rows: TImportRowError[], t: TFunction): string[] {
  return [...rows].sort((a, b) => a.row - b.row).map((row) => formatImportRow(row, t));
}
