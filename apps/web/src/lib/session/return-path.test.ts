import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPathReturningTo } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of the user's own area, with its query and anchor", () => {
    expect(safeReturnPath("/enterprise/permit/42", "enterprise")).toBe("/enterprise/permit/42");
    expect(safeReturnPath("/enterprise/permit/42?tab=history#top", "enterprise")).toBe(
      "/enterprise/permit/42?tab=history#top",
    );
    expect(safeReturnPath("/enterprise", "enterprise")).toBe("/enterprise");
  });

  it("refuses another area's page, or a path that only starts like the area's name", () => {
    expect(safeReturnPath("/supplier/list-permis-sent/42", "enterprise")).toBeNull();
    expect(safeReturnPath("/enterprises/x", "enterprise")).toBeNull();
    expect(safeReturnPath("/enterprise/../admin/demands", "enterprise")).toBeNull();
    expect(safeReturnPath("/enterprise/%2e%2e/admin/demands", "enterprise")).toBeNull();
  });

  it("refuses whatever could leave the app: absolute and protocol-relative addresses, backslashes, schemes", () => {
    for (const candidate of [
      "https://evil.example/enterprise/x",
      "//evil.example/enterprise/x",
      "/\\evil.example/enterprise/x",
      "\\\\evil.example",
      "javascript:alert(1)",
      "enterprise/permit/42",
      "/enterprise/x\n//evil.example",
      "/enterprise/x\t",
      "",
    ]) {
      expect(safeReturnPath(candidate, "enterprise"), candidate).toBeNull();
    }
  });

  it("needs an area and a string", () => {
    expect(safeReturnPath("/enterprise/permit/42", null)).toBeNull();
    expect(safeReturnPath(undefined, "enterprise")).toBeNull();
    expect(safeReturnPath({ pathname: "/enterprise" }, "enterprise")).toBeNull();
  });
});

describe("signInPathReturningTo", () => {
  it("names the page to come back to, except the sign-in pages themselves", () => {
    expect(signInPathReturningTo("/enterprise/permit/42?tab=history")).toBe(
      "/auth/sign-in/default?next=%2Fenterprise%2Fpermit%2F42%3Ftab%3Dhistory",
    );
    expect(signInPathReturningTo("/auth/reset")).toBe("/auth/sign-in/default");
    expect(signInPathReturningTo("/")).toBe("/auth/sign-in/default");
  });
});
