import { ZRiskMatrixInputSchema } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import {
  addAxisItem,
  addLevel,
  contrastRatio,
  draftOf,
  hasGrid,
  inputOf,
  luminance,
  missingCells,
  moveAxisItem,
  removeAxisItem,
  removeLevel,
  setCell,
  textColourOn,
} from "./matrix-draft";
import { placeMatrixErrors } from "./matrix-errors";

const saved = {
  probabilities: [
    { id: "p2", rank: 2, label: "Likely" },
    { id: "p1", rank: 1, label: "Rare" },
  ],
  severities: [{ id: "s1", rank: 1, label: "Minor" }],
  levels: [{ id: "l1", name: "Low", colour: "#2f9e44", description: "", flow: "verify" as const }],
  cells: [
    { probabilityId: "p1", severityId: "s1", levelId: "l1" },
    { probabilityId: "p2", severityId: "s1", levelId: "l1" },
  ],
};

describe("matrix draft", () => {
  it("orders the axes by rank and gives them back with ranks from their order", () => {
    const draft = draftOf(saved);
    expect(draft.probabilities.map((item) => item.label)).toEqual(["Rare", "Likely"]);
    const moved = moveAxisItem(draft, "probabilities", "p2", -1);
    expect(inputOf(moved).probabilities).toEqual([
      { id: "p2", rank: 1, label: "Likely" },
      { id: "p1", rank: 2, label: "Rare" },
    ]);
    // At an end nothing moves.
    expect(moveAxisItem(draft, "probabilities", "p1", -1)).toEqual(draft);
    expect(ZRiskMatrixInputSchema.safeParse(inputOf(moved)).success).toBe(true);
  });

  it("needs both axes for a grid, and counts the cells without a level", () => {
    const empty = draftOf({ probabilities: [], severities: [], levels: [], cells: [] });
    expect(hasGrid(empty)).toBe(false);
    const oneAxis = addAxisItem(empty, "probabilities", "Rare");
    expect(hasGrid(oneAxis)).toBe(false);
    const draft = addAxisItem(draftOf(saved), "severities", "Major");
    expect(missingCells(draft)).toBe(2);
    const newSeverity = draft.severities[1]!.key;
    const filled = setCell(draft, "p1", newSeverity, "l1");
    expect(missingCells(filled)).toBe(1);
    // The schema refuses an incomplete table.
    expect(ZRiskMatrixInputSchema.safeParse(inputOf(filled)).success).toBe(false);
  });

  it("drops the cells of a removed axis item or level", () => {
    const draft = draftOf(saved);
    expect(inputOf(removeAxisItem(draft, "probabilities", "p2")).cells).toEqual([
      { probabilityId: "p1", severityId: "s1", levelId: "l1" },
    ]);
    const withTwo = addLevel(draft, "#e03131");
    expect(withTwo.levels).toHaveLength(2);
    expect(missingCells(removeLevel(withTwo, "l1"))).toBe(2);
  });

  it("places schema errors on the items they name", () => {
    const draft = draftOf(saved);
    const placed = placeMatrixErrors(draft, {
      "probabilities.1.label": "nameRequired",
      "levels.0.colour": "invalidColour",
      cells: "matrixIncomplete",
    });
    expect(placed).toEqual({
      axis: { p2: "nameRequired" },
      levels: { "l1.colour": "invalidColour" },
      general: ["matrixIncomplete"],
    });
  });
});

describe("text on level colours", () => {
  it("picks black or white text with at least 4.5:1 contrast on any colour", () => {
    for (const colour of ["#2f9e44", "#fab005", "#fd7e14", "#e03131", "#1971c2", "#000000", "#ffffff", "#777777"]) {
      const text = textColourOn(colour);
      expect(contrastRatio(luminance(colour)!, luminance(text)!), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(textColourOn("#fab005")).toBe("#000000");
    expect(textColourOn("#1971c2")).toBe("#ffffff");
    expect(textColourOn("not a colour")).toBe("#000000");
  });
});
