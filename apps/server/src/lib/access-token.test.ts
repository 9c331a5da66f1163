import { describe, expect, it } from "vitest";
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
    const tokens = new AccessTokens(SECRET, 1);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toMatchObject(CLAIMS);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await tokens.verify(token)).toBeNull();
  });
});
