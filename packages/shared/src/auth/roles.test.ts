import { describe, expect, it } from "vitest";
import { policyAllows } from "./policies";
import { areaOfRole, isRole, ROLES } from "./roles";

describe("areaOfRole", () => {
  it("lower-cases every role claim to its area", () => {
    expect(ROLES.map(areaOfRole)).toEqual([
      "admin",
      "enterprise",
      "superresponsible",
      "responsible",
      "supplier",
      "employee",
    ]);
  });

  it("has no area for unknown, empty or short claims", () => {
    expect(areaOfRole("Auditor")).toBeNull();
    expect(areaOfRole("")).toBeNull();
    expect(areaOfRole(null)).toBeNull();
    expect(areaOfRole("ad")).toBeNull();
  });
});

describe("isRole", () => {
  it("accepts only the exact claim spelling", () => {
    expect(isRole("SuperResponsible")).toBe(true);
    expect(isRole("superresponsible")).toBe(false);
    expect(isRole(42)).toBe(false);
  });
});

describe("policyAllows", () => {
  it("lets anyone through a public policy", () => {
    expect(policyAllows("public", null)).toBe(true);
  });

  it("needs a signed-in caller for authenticated", () => {
    expect(policyAllows("authenticated", null)).toBe(false);
    expect(policyAllows("authenticated", "Employee")).toBe(true);
  });

  it("lets only the listed roles through a role list", () => {
    expect(policyAllows(["Admin"], "Admin")).toBe(true);
    expect(policyAllows(["Admin"], "Enterprise")).toBe(false);
    expect(policyAllows(["Admin"], null)).toBe(false);
  });
});
