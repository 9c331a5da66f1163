import { describe, expect, it } from "vitest";
import { fileNameFromDisposition, slugify } from "./save-blob";

describe("file names", () => {
  it("reads Content-Disposition, preferring filename*", () => {
    expect(fileNameFromDisposition('attachment; filename="permissions-north.xlsx"')).toBe("permissions-north.xlsx");
    expect(fileNameFromDisposition("attachment; filename=plain.csv")).toBe("plain.csv");
    expect(
      fileNameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''permissions-%C3%A9t%C3%A9.csv`),
    ).toBe("permissions-été.csv");
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe("-..-etc-passwd");
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition(undefined)).toBeNull();
  });

  it("slugifies names for file names", () => {
    expect(slugify("Nord – Usine 2")).toBe("nord-usine-2");
    expect(slugify("Énergie & Côte")).toBe("energie-cote");
  });
});
