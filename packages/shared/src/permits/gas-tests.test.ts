import { describe, expect, it } from "vitest";
import { DEFAULT_GASES, gasTestHolds, gasTestPasses, readingPasses } from "./gas-tests";

const o2 = DEFAULT_GASES[0];
const lel = DEFAULT_GASES[1];

describe("a reading against its limits", () => {
  it("passes at the low limit and fails just under it", () => {
    expect(readingPasses(19.5, o2)).toBe(true);
    expect(readingPasses(19.4, o2)).toBe(false);
  });
  it("fails at the high limit and passes just under it", () => {
    expect(readingPasses(10, lel)).toBe(false);
    expect(readingPasses(9.9, lel)).toBe(true);
    expect(readingPasses(23.5, o2)).toBe(false);
    expect(readingPasses(23.4, o2)).toBe(true);
  });
  it("has no bound where no limit is set", () => {
    expect(readingPasses(0, lel)).toBe(true);
    expect(readingPasses(1e6, { lowLimit: 1, highLimit: null })).toBe(true);
  });
});

describe("a test", () => {
  it("passes only when every reading does", () => {
    expect(gasTestPasses([{ passed: true }, { passed: true }])).toBe(true);
    expect(gasTestPasses([{ passed: true }, { passed: false }])).toBe(false);
    expect(gasTestPasses([])).toBe(false);
  });
  it("holds while it passed and is no older than the interval", () => {
    const at = new Date("2026-01-01T10:00:00Z");
    expect(gasTestHolds({ at, passed: true }, 120, new Date("2026-01-01T12:00:00Z"))).toBe(true);
    expect(gasTestHolds({ at, passed: true }, 120, new Date("2026-01-01T12:00:01Z"))).toBe(false);
    expect(gasTestHolds({ at, passed: false }, 120, at)).toBe(false);
    expect(gasTestHolds(null, 120, at)).toBe(false);
  });
});
