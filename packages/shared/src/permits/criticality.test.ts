import { describe, expect, it } from "vitest";
import { permitLevel, type TLevelMinimum } from "./criticality";

const levels = [{ id: "low" }, { id: "medium" }, { id: "high" }, { id: "critical" }];
const risk = (id: string, minLevelId: string | null, kind: TLevelMinimum["kind"] = "risk"): TLevelMinimum => ({
  kind,
  id,
  name: id,
  minLevelId,
});

describe("permitLevel", () => {
  it("is the cell's level when no named risk carries a minimum", () => {
    const answer = permitLevel(levels, "medium", [risk("fall", null)]);
    expect(answer?.level.id).toBe("medium");
    expect(answer?.raisedBy).toEqual([]);
  });

  it("is raised to the highest minimum of the named risks and says which risk raised it", () => {
    const answer = permitLevel(levels, "low", [
      risk("noise", "medium"),
      risk("live-electrical", "high", "specificRisk"),
      risk("dust", null),
    ]);
    expect(answer?.level.id).toBe("high");
    expect(answer?.cellLevel.id).toBe("low");
    expect(answer?.raisedBy.map((m) => m.id)).toEqual(["live-electrical"]);
  });

  it("names every risk whose minimum is the level reached", () => {
    const answer = permitLevel(levels, "low", [risk("a", "high"), risk("b", "high", "specificRisk")]);
    expect(answer?.raisedBy.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("never lowers the cell's level: a minimum below it changes nothing", () => {
    const answer = permitLevel(levels, "critical", [risk("a", "medium")]);
    expect(answer?.level.id).toBe("critical");
    expect(answer?.raisedBy).toEqual([]);
  });

  it("ignores a minimum naming a level no longer in the matrix", () => {
    expect(permitLevel(levels, "low", [risk("a", "gone")])?.level.id).toBe("low");
  });

  it("is undefined without the cell's level", () => {
    expect(permitLevel(levels, null, [risk("a", "high")])).toBeUndefined();
    expect(permitLevel([], "low", [])).toBeUndefined();
  });

  it("is never below any minimum, whatever the cell (every combination)", () => {
    for (const cell of levels) {
      for (const a of [null, ...levels.map((l) => l.id)]) {
        for (const b of [null, ...levels.map((l) => l.id)]) {
          const answer = permitLevel(levels, cell.id, [risk("a", a), risk("b", b, "specificRisk")])!;
          const rankOf = (id: string) => levels.findIndex((l) => l.id === id);
          const reached = rankOf(answer.level.id);
          expect(reached).toBeGreaterThanOrEqual(rankOf(cell.id));
          for (const min of [a, b]) if (min) expect(reached).toBeGreaterThanOrEqual(rankOf(min));
        }
      }
    }
  });
});
