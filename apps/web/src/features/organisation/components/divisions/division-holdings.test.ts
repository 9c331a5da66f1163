import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../../test/test-i18n";
import { describeHoldings } from "./division-holdings";

const { t } = createTestI18n();

describe("what holds a division", () => {
  it("says it in words, singular and plural", () => {
    expect(describeHoldings({ sectors: 2, people: 1 }, t, "en")).toBe("2 sectors and 1 person");
    expect(describeHoldings({ sectors: 1, people: 3 }, t, "en")).toBe("1 sector and 3 people");
    expect(describeHoldings({ sectors: 0, people: 0, permits: 12, emergencies: 1 }, t, "en")).toBe(
      "12 permits on record and 1 emergency stop on record",
    );
  });

  it("leaves out what it does not hold, and unreadable details", () => {
    expect(describeHoldings({ sectors: 0, people: 2 }, t, "en")).toBe("2 people");
    expect(describeHoldings({ sectors: "many" }, t, "en")).toBe("");
    expect(describeHoldings({}, t, "en")).toBe("");
  });
});
