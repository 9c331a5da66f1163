import { describe, expect, it } from "vitest";
import { affiliationDemandActions, ZAffiliationInvitationSchema, ZSupplierCompanyUpdateSchema } from "./contractors";

describe("affiliationDemandActions", () => {
  const pending = (direction: "invitation" | "request") => ({ direction, status: "pending" as const });

  it("lets the supplier answer an invitation and the principal cancel it", () => {
    expect(affiliationDemandActions(pending("invitation"), "Supplier")).toEqual(["approve", "deny"]);
    expect(affiliationDemandActions(pending("invitation"), "Enterprise")).toEqual(["cancel"]);
    expect(affiliationDemandActions(pending("invitation"), "SuperResponsible")).toEqual(["cancel"]);
  });

  it("lets the principal answer a request and the supplier cancel it", () => {
    expect(affiliationDemandActions(pending("request"), "Enterprise")).toEqual(["approve", "deny"]);
    expect(affiliationDemandActions(pending("request"), "SuperResponsible")).toEqual(["approve", "deny"]);
    expect(affiliationDemandActions(pending("request"), "Supplier")).toEqual(["cancel"]);
  });

  it("gives responsibles, employees and the admin nothing, and nobody anything once decided", () => {
    for (const role of ["Responsible", "Employee", "Admin"]) {
      expect(affiliationDemandActions(pending("request"), role)).toEqual([]);
      expect(affiliationDemandActions(pending("invitation"), role)).toEqual([]);
    }
    for (const status of ["approved", "denied", "cancelled"] as const) {
      expect(affiliationDemandActions({ direction: "request", status }, "Enterprise")).toEqual([]);
      expect(affiliationDemandActions({ direction: "invitation", status }, "Supplier")).toEqual([]);
    }
  });
});

describe("contractor schemas", () => {
  it("clears optional company fields with an empty string and refuses a bad website", () => {
    expect(ZSupplierCompanyUpdateSchema.parse({ website: "", phone: "", address: "" })).toEqual({
      website: null,
      phone: null,
      address: null,
    });
    // Typed without a scheme, as people do: taken as https. An http address stays http.
    expect(ZSupplierCompanyUpdateSchema.parse({ website: "acme.example" }).website).toBe("https://acme.example");
    expect(ZSupplierCompanyUpdateSchema.parse({ website: " www.acme.example/about " }).website).toBe(
      "https://www.acme.example/about",
    );
    expect(ZSupplierCompanyUpdateSchema.parse({ website: "http://acme.example" }).website).toBe("http://acme.example");
    expect(ZSupplierCompanyUpdateSchema.safeParse({ website: "ftp://acme.example" }).success).toBe(false);
    const bad = ZSupplierCompanyUpdateSchema.safeParse({ website: "not a url" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("validUrl");
    expect(ZSupplierCompanyUpdateSchema.safeParse({}).success).toBe(false);
  });

  it("requires a valid e-mail for an invitation", () => {
    expect(ZAffiliationInvitationSchema.safeParse({ email: "x" }).error?.issues[0]?.message).toBe("invalidEmail");
    expect(ZAffiliationInvitationSchema.parse({ email: " a@b.example " }).email).toBe("a@b.example");
  });
});
