import { describe, expect, it } from "vitest";
import { complianceBadgeOf } from "./badge";

const line = (requirementName: string, standing: "valid" | "expiring" | "expired" | "missing" | "pending") => ({
  requirementName,
  standing,
});

describe("a contractor's compliance badge", () => {
  it("is not compliant, naming what, when a required document is not met — even if another is expiring", () => {
    expect(
      complianceBadgeOf([line("Insurance", "expiring"), line("Certificate", "expired"), line("Charter", "pending")]),
    ).toEqual({
      status: "notCompliant",
      items: [
        { requirement: "Certificate", standing: "expired" },
        { requirement: "Charter", standing: "pending" },
      ],
    });
  });

  it("is expiring soon when all are met and one ends soon, compliant otherwise or with nothing required", () => {
    expect(complianceBadgeOf([line("Insurance", "expiring"), line("Certificate", "valid")])).toEqual({
      status: "expiring",
      items: [{ requirement: "Insurance", standing: "expiring" }],
    });
    expect(complianceBadgeOf([line("Certificate", "valid")])).toEqual({ status: "compliant", items: [] });
    expect(complianceBadgeOf([])).toEqual({ status: "compliant", items: [] });
  });
});
