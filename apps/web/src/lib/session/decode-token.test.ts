import { ZTokenClaimsSchema } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { fakeToken } from "../../test/tokens";
import { decodeToken, emailOfToken } from "./decode-token";

describe("decodeToken", () => {
  it("reads email, the raw role and the certserialnumber claim as the id", () => {
    const token = fakeToken({ role: "SuperResponsible", id: "5f0c5d7e-6f4e-4c39-9d0b-1a2b3c4d5e6f", email: "a@b.co" });
    expect(decodeToken(token)).toEqual({
      email: "a@b.co",
      role: "SuperResponsible",
      id: "5f0c5d7e-6f4e-4c39-9d0b-1a2b3c4d5e6f",
    });
  });

  it("gives nothing for a missing, malformed or incomplete token", () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken("not-a-jwt")).toBeNull();
    const withoutId = `${fakeToken({ role: "Admin" }).split(".")[0]}.${btoa(JSON.stringify({ email: "a@b.co", role: "Admin" }))}.x`;
    expect(decodeToken(withoutId)).toBeNull();
  });
});

/** A token whose payload is `claims`, as it is (no defaults). */
const tokenWith = (claims: Record<string, unknown>) =>
  `${fakeToken({ role: "Admin" }).split(".")[0]}.${btoa(JSON.stringify(claims))}.x`;

describe("decodeToken's check of the claims", () => {
  it.each([
    { email: "a@b.co", role: "Admin", certserialnumber: "u1" },
    { email: "a@b.co", role: "Admin", certserialnumber: "u1", exp: 1_800_000_000 },
    { email: "a@b.co", role: "Admin", certserialnumber: "u1", exp: "soon" },
    { email: "a@b.co", role: "Admin", certserialnumber: 7 },
    { email: null, role: "Admin", certserialnumber: "u1" },
    { email: "a@b.co", certserialnumber: "u1" },
    {},
  ])("accepts what ZTokenClaimsSchema accepts: %j", (claims) => {
    expect(decodeToken(tokenWith(claims)) !== null).toBe(ZTokenClaimsSchema.safeParse(claims).success);
  });
});

describe("emailOfToken", () => {
  it("reads the email claim alone", () => {
    expect(emailOfToken(fakeToken({ role: "Admin", email: "x@y.z" }))).toBe("x@y.z");
    expect(emailOfToken(fakeToken({ role: "Admin", email: "" }))).toBeNull();
    expect(emailOfToken("garbage")).toBeNull();
  });
});
