import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** An unguessable token for links and cookies (256 bits). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as hashes, so a database leak does not leak sessions or links. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A six-digit code, uniformly drawn. */
export const sixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, "0");

/** Codes are short, so they are stored keyed: without the server secret a leaked hash cannot be brute-forced. */
export const keyedHash = (secret: string, value: string) => createHmac("sha256", secret).update(value).digest("hex");

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
