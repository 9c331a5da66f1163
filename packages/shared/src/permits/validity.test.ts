import { describe, expect, it } from "vitest";
import {
  isInsideStartWindow,
  isOverdue,
  isValidNow,
  PERMIT_CHECK_REASONS,
  permitCheckReason,
  type TValidityFacts,
} from "./validity";
import { PERMIT_STATUSES, type TPermitStatus } from "./workflow";

const now = new Date("2026-11-26T12:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const facts = (status: TPermitStatus, from: number, to: number, expired = false): TValidityFacts => ({
  status,
  startAt: hours(from),
  endAt: hours(to),
  expired,
});

describe("a permit's validity now", () => {
  it("is valid only in progress and not past its end, and then says in progress", () => {
    for (const status of PERMIT_STATUSES) {
      const inside = facts(status, -1, 1);
      expect(isValidNow(inside, now), status).toBe(status === "In_progress");
      expect(permitCheckReason(inside, now) === "inProgress", status).toBe(status === "In_progress");
    }
    // Started in the grace before its start: valid.
    expect(isValidNow(facts("In_progress", 0.1, 8), now)).toBe(true);
    expect(isValidNow(facts("In_progress", -9, -1), now)).toBe(false);
  });

  it("is overdue in progress past its end, never otherwise", () => {
    expect(isOverdue("In_progress", hours(-1), now)).toBe(true);
    expect(isOverdue("In_progress", hours(1), now)).toBe(false);
    expect(isOverdue("accepted", hours(-1), now)).toBe(false);
    expect(isOverdue("In_progress", null, now)).toBe(false);
  });

  it.each([
    [facts("pending", -1, 1), "notApproved"],
    [facts("sended", -1, 1), "notApproved"],
    [facts("Recheck", -1, 1), "notApproved"],
    [facts("Confirmed", -1, 1), "notApproved"],
    [facts("Approved", -1, 1), "notAccepted"],
    [facts("accepted", 1, 8), "beforeWindow"],
    [facts("accepted", -1, 8), "awaitingStart"],
    [facts("In_progress", -9, -1), "overdue"],
    [facts("Ended", -9, -1), "ended"],
    [facts("Canceled", -9, -1, true), "expired"],
    [facts("Canceled", -9, -1), "cancelled"],
    [facts("Failed", -9, -1), "rejected"],
  ] as const)("gives the reason %#: %s", (given, reason) => {
    expect(permitCheckReason(given, now)).toBe(reason);
    expect(PERMIT_CHECK_REASONS).toContain(reason);
  });
});

describe("the window in which work may start", () => {
  const window = { startAt: new Date("2026-06-01T08:00:00Z"), endAt: new Date("2026-06-01T16:00:00Z") };
  const at = (iso: string) => new Date(iso);

  it("opens the grace before the start and closes at the end, both included", () => {
    expect(isInsideStartWindow(window, 15, at("2026-06-01T07:44:59Z"))).toBe(false);
    expect(isInsideStartWindow(window, 15, at("2026-06-01T07:45:00Z"))).toBe(true);
    expect(isInsideStartWindow(window, 0, at("2026-06-01T07:59:59Z"))).toBe(false);
    expect(isInsideStartWindow(window, 0, at("2026-06-01T16:00:00Z"))).toBe(true);
    expect(isInsideStartWindow(window, 15, at("2026-06-01T16:00:01Z"))).toBe(false);
  });

  it("never opens a window without both ends", () => {
    expect(isInsideStartWindow({ startAt: null, endAt: window.endAt }, 15, at("2026-06-01T09:00:00Z"))).toBe(false);
    expect(isInsideStartWindow({ startAt: window.startAt, endAt: null }, 15, at("2026-06-01T09:00:00Z"))).toBe(false);
  });
});
