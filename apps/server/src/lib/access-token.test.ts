import { describe, expect, it, vi } from "vitest";
import { AccessTokens } from "./access-token";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const CLAIMS = {
  userId: "7d1f0a52-0f0e-4b8e-9d36-5b0b8a1e6c11",
  email: "amina@example.test",
  role: "Enterprise",
} as const;

describe("AccessTokens", () => {
  it("verifies its own tokens, again from memory, and refuses altered or foreign ones", async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toMatchObject(CLAIMS);
    expect(await tokens.verify(token)).toMatchObject(CLAIMS);
    const [header, payload, signature] = token.split(".");
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await new AccessTokens(`${SECRET}-other`).verify(token)).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    // The clock is set, not waited on: a token's times are whole seconds, so a one-second token signed late in a
    // second was already expired when a busy machine verified it a few milliseconds later (seen once in CI).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T08:00:00.900Z") });
    try {
      const tokens = new AccessTokens(SECRET, 60);
      const token = await tokens.sign(CLAIMS);
      vi.setSystemTime(new Date("2026-11-27T08:00:59.900Z"));
      expect(await tokens.verify(token)).toMatchObject(CLAIMS);
      vi.setSystemTime(new Date("2026-11-27T08:01:00.000Z"));
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
