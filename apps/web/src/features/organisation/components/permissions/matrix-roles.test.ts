import { MATRIX_FILE_ROLES, MATRIX_ROLES } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../../test/test-i18n";
import { cellOptions, parseCellRole, rolePowers, sectorColumnLabel } from "./matrix-roles";

const { t } = createTestI18n();

describe("matrix cell roles", () => {
  it("offers —, Verifier, Approver and Both, with a spoken name for —", () => {
    expect(cellOptions(t)).toEqual([
      { value: "none", label: "—", spoken: "No role" },
      { value: "verifier", label: "Verifier", spoken: "Verifier" },
      { value: "approver", label: "Approver", spoken: "Approver" },
      { value: "both", label: "Both", spoken: "Both" },
    ]);
  });

  it("uses the file's role names as labels, so the screen and an exported file agree", () => {
    for (const role of MATRIX_ROLES.filter((value) => value !== "none")) {
      expect(cellOptions(t).find((option) => option.value === role)?.label).toBe(MATRIX_FILE_ROLES[role]);
    }
  });

  it("reads a select's value back, and anything unknown as no role", () => {
    expect(parseCellRole("approver")).toBe("approver");
    expect(parseCellRole("both")).toBe("both");
    expect(parseCellRole("Approver")).toBe("none");
    expect(parseCellRole("admin")).toBe("none");
    expect(parseCellRole(null)).toBe("none");
  });

  it("says what each role may do", () => {
    expect(rolePowers("none")).toEqual({ verify: false, approve: false });
    expect(rolePowers("verifier")).toEqual({ verify: true, approve: false });
    expect(rolePowers("approver")).toEqual({ verify: false, approve: true });
    expect(rolePowers("both")).toEqual({ verify: true, approve: true });
  });

  it("labels a sector column with its number and name", () => {
    expect(sectorColumnLabel({ number: 3, name: "Tank farm" })).toBe("#3 Tank farm");
  });
});
