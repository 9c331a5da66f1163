import type { TPermissionsMatrix } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { indexCells, roleAt, withCellRole } from "./matrix-cells";

const matrix: TPermissionsMatrix = {
  managers: [
    { id: "m1", name: "Rita", email: "rita@x.io", divisionId: "d1" },
    { id: "m2", name: "Sam", email: "sam@x.io", divisionId: "d1" },
  ],
  sectors: [{ id: "s1", name: "Tank farm", number: 1, divisionId: "d1" }],
  cells: [{ managerId: "m1", sectorId: "s1", role: "verifier" }],
};

describe("matrix cells", () => {
  it("reads a cell's role, none when it is not listed", () => {
    const index = indexCells(matrix);
    expect(roleAt(index, "m1", "s1")).toBe("verifier");
    expect(roleAt(index, "m2", "s1")).toBe("none");
  });

  it("sets, replaces and clears one cell without touching the others", () => {
    const set = withCellRole(matrix, { managerId: "m2", sectorId: "s1", role: "both" });
    expect(set.cells).toEqual([
      { managerId: "m1", sectorId: "s1", role: "verifier" },
      { managerId: "m2", sectorId: "s1", role: "both" },
    ]);
    const replaced = withCellRole(set, { managerId: "m1", sectorId: "s1", role: "approver" });
    expect(roleAt(indexCells(replaced), "m1", "s1")).toBe("approver");
    expect(replaced.cells).toHaveLength(2);
    const cleared = withCellRole(replaced, { managerId: "m1", sectorId: "s1", role: "none" });
    expect(cleared.cells).toEqual([{ managerId: "m2", sectorId: "s1", role: "both" }]);
    expect(matrix.cells).toHaveLength(1);
  });
});
