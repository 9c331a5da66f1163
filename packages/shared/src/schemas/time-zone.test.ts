import { describe, expect, it } from "vitest";
import { ZPermitListQuerySchema } from "./permits";
import { addDays, dayIn, isTimeZone, startOfDayIn, ZTimeZoneSchema } from "./time-zone";

describe("days in a time zone", () => {
  it("finds the instant a day starts, across DST changes", () => {
    expect(startOfDayIn("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(startOfDayIn("2026-01-15", "Europe/Paris").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDayIn("2026-07-15", "Europe/Paris").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    // Paris moves to summer time at 02:00 on 29 March 2026: that day still starts at 00:00 winter time.
    expect(startOfDayIn("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDayIn("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(startOfDayIn("2026-01-15", "Pacific/Kiritimati").toISOString()).toBe("2026-01-14T10:00:00.000Z");
  });

  it("tells the day an instant falls on there", () => {
    const instant = new Date("2026-01-14T23:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-01-14");
    expect(dayIn(instant, "Europe/Paris")).toBe("2026-01-15");
    expect(dayIn(instant, "America/Los_Angeles")).toBe("2026-01-14");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-22", -6)).toBe("2026-11-16");
  });

  it("accepts IANA zone names only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(ZTimeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    expect(ZTimeZoneSchema.safeParse("").success).toBe(false);
  });

  it("the list reads the dashboard's filters", () => {
    const query = ZPermitListQuerySchema.parse({ overdue: "true", startDay: "2026-11-22", tz: "Europe/Paris" });
    expect(query).toMatchObject({ overdue: true, startDay: "2026-11-22", tz: "Europe/Paris" });
    expect(ZPermitListQuerySchema.parse({ overdue: "false" }).overdue).toBe(false);
    expect(ZPermitListQuerySchema.safeParse({ changedSince: "22/11/2026" }).success).toBe(false);
  });
});
