import { describe, expect, it } from "vitest";
import { demand, REFINERY } from "../testing/affiliation-server";
import {
  canDecideDemands,
  canRequestAffiliation,
  defaultView,
  otherCompanyName,
  readView,
  sideOfRole,
} from "./demand-side";

describe("demand sides", () => {
  it("puts the supplier on its side and every principal role on the other", () => {
    expect(sideOfRole("Supplier")).toBe("supplier");
    expect(["Enterprise", "SuperResponsible", "Responsible"].map(sideOfRole)).toEqual([
      "principal",
      "principal",
      "principal",
    ]);
  });

  it("lets only the enterprise, the super-responsible and the supplier decide", () => {
    expect(["Enterprise", "SuperResponsible", "Supplier"].every(canDecideDemands)).toBe(true);
    expect(["Responsible", "Employee", "Admin", null].some(canDecideDemands)).toBe(false);
  });

  it("names the company on the other side", () => {
    const item = demand(1, "Enterprise", { direction: "request" });
    expect(otherCompanyName(item, "principal")).toBe("Contractor 1");
    expect(otherCompanyName(item, "supplier")).toBe(REFINERY.name);
  });

  it("names an invitation not yet accepted by the address it went to", () => {
    const item = demand(1, "Enterprise", { direction: "invitation", supplier: null, email: "office@acme.io" });
    expect(otherCompanyName(item, "principal")).toBe("office@acme.io");
  });

  it("lets a supplier ask again only when there is no affiliation or it ended", () => {
    expect([null, "detached", "denied", "cancelled"].map((s) => canRequestAffiliation(s as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["affiliated", "invited", "requested"].map((s) => canRequestAffiliation(s as never))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("the view a requests page opens on", () => {
  it("is the waiting one when something waits, otherwise all; it waits for the count", () => {
    expect(defaultView(2, false)).toBe("waiting");
    expect(defaultView(0, false)).toBe("all");
    expect(defaultView(undefined, false)).toBeNull();
    expect(defaultView(undefined, true)).toBe("all");
  });

  it("reads only known views from the URL", () => {
    expect(readView("waiting")).toBe("waiting");
    expect(readView("all")).toBe("all");
    expect(readView("mine")).toBeNull();
    expect(readView(null)).toBeNull();
  });
});
