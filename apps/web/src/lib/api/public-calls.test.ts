import { describe, expect, it } from "vitest";
import { isPublicAuthCall } from "./public-calls";

describe("isPublicAuthCall", () => {
  it("recognises the signed-out auth calls, with or without /api and query", () => {
    expect(isPublicAuthCall("/auth/sign-in")).toBe(true);
    expect(isPublicAuthCall("auth/verify-reset-code")).toBe(true);
    expect(isPublicAuthCall("/api/auth/refresh-token")).toBe(true);
    expect(isPublicAuthCall("/auth/invitation?x=1")).toBe(true);
  });

  it("leaves the signed-in calls to the refresh rule", () => {
    expect(isPublicAuthCall("/auth/me")).toBe(false);
    expect(isPublicAuthCall("/auth/change-password")).toBe(false);
    expect(isPublicAuthCall("/auth/sign-out")).toBe(false);
    expect(isPublicAuthCall("/admin/demands")).toBe(false);
    expect(isPublicAuthCall(undefined)).toBe(false);
  });
});
