import { describe, expect, it } from "vitest";
import "./zod-config";

describe("the app's zod settings", () => {
  it("are those zod uses, though set without importing it: no `new Function` probe (the CSP refuses it)", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
