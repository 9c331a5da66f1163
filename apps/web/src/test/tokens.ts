const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

/** An unsigned token with the token's claims (docs/domain.md, Session and tokens); the web app only decodes tokens. */
export function fakeToken(claims: { role: string; id?: string; email?: string; [claim: string]: unknown }): string {
  const { id = "00000000-0000-4000-8000-000000000001", email = "jo@example.com", ...rest } = claims;
  const payload = { email, certserialnumber: id, exp: 4_102_444_800, ...rest };
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(payload)}.signature`;
}
