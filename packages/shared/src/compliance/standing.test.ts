import { describe, expect, it } from "vitest";
import { addDays } from "../schemas/time-zone";
import { complianceToday, daysBetween, standingOf, type TEvidenceDates } from "./standing";

const at = (iso: string) => complianceToday(new Date(iso));
const ev = (e: Partial<TEvidenceDates>): TEvidenceDates => ({
  status: "accepted",
  validFrom: "2026-01-01",
  validUntil: "2026-12-31",
  submittedAt: "2026-01-01T08:00:00Z",
  ...e,
});

describe("compliance today", () => {
  it("is the date in UTC−12 and in UTC+14", () => {
    expect(at("2026-11-26T11:00:00Z")).toEqual({ latest: "2026-11-25", earliest: "2026-11-27" });
    expect(at("2026-11-26T12:00:00Z")).toEqual({ latest: "2026-11-26", earliest: "2026-11-27" });
    expect(at("2026-11-26T09:59:59Z")).toEqual({ latest: "2026-11-25", earliest: "2026-11-26" });
  });
  it("adds and counts calendar days across months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-11-26", "2026-12-03")).toBe(7);
    expect(daysBetween("2026-12-03", "2026-11-26")).toBe(-7);
  });
});

describe("where a requirement stands", () => {
  const today = at("2026-11-26T12:00:00Z"); // latest 2026-11-26, earliest 2026-11-27
  it("is missing with nothing given", () => {
    expect(standingOf([], today, 30)).toEqual({ standing: "missing", validUntil: null });
  });
  it("is valid while accepted evidence is in its dates, expiring within the warning days", () => {
    expect(standingOf([ev({})], today, 30)).toEqual({ standing: "valid", validUntil: "2026-12-31" });
    expect(standingOf([ev({ validUntil: "2026-12-27" })], today, 30).standing).toBe("expiring");
    expect(standingOf([ev({ validUntil: "2026-12-28" })], today, 30).standing).toBe("valid");
    expect(standingOf([ev({ validUntil: null })], today, 30)).toEqual({ standing: "valid", validUntil: null });
  });
  it("stops counting once its last day has ended somewhere, and counts only once its first day began everywhere", () => {
    expect(standingOf([ev({ validUntil: "2026-11-26" })], today, 7).standing).toBe("expired");
    expect(standingOf([ev({ validUntil: "2026-11-27" })], today, 7).standing).toBe("expiring");
    expect(standingOf([ev({ validFrom: "2026-11-27" })], today, 7).standing).toBe("pending");
    expect(standingOf([ev({ validFrom: "2026-11-26" })], today, 7).standing).toBe("valid");
  });
  it("takes the longest-lasting of several valid items", () => {
    const renewed = [
      ev({ validUntil: "2026-12-01" }),
      ev({ validUntil: "2027-12-01", submittedAt: "2026-11-20T00:00:00Z" }),
    ];
    expect(standingOf(renewed, today, 30)).toEqual({ standing: "valid", validUntil: "2027-12-01" });
  });
  it("says pending, refused or expired when nothing counts, the latest review speaking", () => {
    const expired = ev({ validUntil: "2026-10-01" });
    expect(standingOf([expired], today, 30)).toEqual({ standing: "expired", validUntil: "2026-10-01" });
    expect(
      standingOf([expired, ev({ status: "pending", submittedAt: "2026-11-25T00:00:00Z" })], today, 30).standing,
    ).toBe("pending");
    expect(
      standingOf([expired, ev({ status: "refused", submittedAt: "2026-11-25T00:00:00Z" })], today, 30).standing,
    ).toBe("refused");
    expect(standingOf([ev({ status: "refused" })], today, 30).standing).toBe("refused");
  });
  it("is not met by refused or pending evidence even when its dates cover today", () => {
    expect(standingOf([ev({ status: "refused" })], today, 30).standing).not.toMatch(/valid|expiring/);
    expect(standingOf([ev({ status: "pending" })], today, 30).standing).toBe("pending");
  });
});
