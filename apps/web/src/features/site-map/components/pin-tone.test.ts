import type { TSitePermit } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { permitsByPlace, toneOf } from "./pin-tone";

const permit = (overrides: Partial<TSitePermit> = {}): TSitePermit => ({
  id: crypto.randomUUID(),
  documentNumber: "PTW-1",
  taskTitle: "Weld",
  status: "Approved",
  subSectorId: null,
  startAt: null,
  endAt: null,
  levelName: null,
  levelColour: null,
  suspended: false,
  overdue: false,
  ...overrides,
});

describe("a place's pin", () => {
  it("takes the most urgent of its permits: stopped or overdue, then in progress, then planned, else idle", () => {
    expect(toneOf([])).toBe("idle");
    expect(toneOf([permit()])).toBe("planned");
    expect(toneOf([permit(), permit({ status: "In_progress" })])).toBe("live");
    expect(toneOf([permit({ status: "In_progress" }), permit({ suspended: true })])).toBe("attention");
    expect(toneOf([permit({ status: "In_progress", overdue: true })])).toBe("attention");
  });

  it("groups the permits by sub-sector, the whole sector's under null", () => {
    const a = permit({ subSectorId: "a" });
    const whole = permit();
    const grouped = permitsByPlace([a, whole, permit({ subSectorId: "a" })]);
    expect(grouped.get("a")).toHaveLength(2);
    expect(grouped.get(null)).toEqual([whole]);
  });
});
