import { describe, expect, it } from "vitest";
import { evidenceDates, isEvidenceDate } from "./evidence-dates";

describe("the dates stored with new evidence", () => {
  it("keeps the given dates when the requirement does not expire, and allows no last day", () => {
    expect(evidenceDates({ validFrom: "2026-01-01", validUntil: "2030-06-30", validityDays: null })).toEqual({
      ok: true,
      validFrom: "2026-01-01",
      validUntil: "2030-06-30",
      capped: false,
    });
    expect(evidenceDates({ validFrom: "2026-01-01", validityDays: null })).toMatchObject({ validUntil: null });
  });

  it("derives the last day from the requirement's validity when none is given, the first day counting", () => {
    expect(evidenceDates({ validFrom: "2026-01-01", validUntil: null, validityDays: 365 })).toMatchObject({
      ok: true,
      validUntil: "2026-12-31",
      capped: false,
    });
    expect(evidenceDates({ validFrom: "2028-02-28", validityDays: 2 })).toMatchObject({ validUntil: "2028-02-29" });
    expect(evidenceDates({ validFrom: "2026-03-10", validityDays: 1 })).toMatchObject({ validUntil: "2026-03-10" });
  });

  it("caps a given last day beyond the enterprise's validity, and keeps an earlier one", () => {
    expect(evidenceDates({ validFrom: "2026-01-01", validUntil: "2028-01-01", validityDays: 365 })).toMatchObject({
      validUntil: "2026-12-31",
      capped: true,
    });
    expect(evidenceDates({ validFrom: "2026-01-01", validUntil: "2026-12-31", validityDays: 365 })).toMatchObject({
      validUntil: "2026-12-31",
      capped: false,
    });
    expect(evidenceDates({ validFrom: "2026-01-01", validUntil: "2026-06-30", validityDays: 365 })).toMatchObject({
      validUntil: "2026-06-30",
      capped: false,
    });
  });

  it("refuses a last day before the first, and dates that are not real days within 2000–2100", () => {
    expect(evidenceDates({ validFrom: "2026-05-02", validUntil: "2026-05-01", validityDays: null })).toEqual({
      ok: false,
      error: "UNTIL_BEFORE_FROM",
    });
    for (const bad of ["1999-12-31", "2101-01-01", "2026-02-30", "20260-01-01", "2026-1-1", ""]) {
      expect(isEvidenceDate(bad)).toBe(false);
      expect(evidenceDates({ validFrom: bad, validityDays: null })).toEqual({ ok: false, error: "INVALID_DATE" });
      expect(evidenceDates({ validFrom: "2026-01-01", validUntil: bad, validityDays: 30 })).toEqual({
        ok: false,
        error: "INVALID_DATE",
      });
    }
    expect(isEvidenceDate("2000-01-01")).toBe(true);
    expect(isEvidenceDate("2100-12-31")).toBe(true);
  });
});
