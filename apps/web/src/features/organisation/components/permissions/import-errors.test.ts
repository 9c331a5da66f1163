import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../../test/test-i18n";
import { formatImportRow, formatImportRows } from "./import-errors";

const { t } = createTestI18n();

describe("import errors", () => {
  it("names a row and every reason it was refused", () => {
    expect(formatImportRow({ row: 4, errors: ["unknownEmail", "badRole"] }, t)).toBe("Row 4: unknown e-mail; bad role");
    expect(formatImportRow({ row: 9, errors: ["otherDivisionSector"] }, t)).toBe("Row 9: of another division");
  });

  it("still names a row whose reasons this version does not know", () => {
    expect(formatImportRow({ row: 2, errors: [] }, t)).toBe("Row 2: invalid row");
  });

  it("lists rows in file order", () => {
    const rows = [
      { row: 7, errors: ["duplicateRow" as const] },
      { row: 3, errors: ["missingValue" as const, "unknownSector" as const] },
    ];
    expect(formatImportRows(rows, t)).toEqual([
      "Row 3: missing value; unknown sector",
      "Row 7: twice in the file (same manager and sector, or same tag)",
    ]);
  });
});
