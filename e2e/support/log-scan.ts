import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";
import { DEMO_PASSWORD } from "./demo-accounts";

/**
 * Run after the whole e2e run (globalTeardown): the server's log holds no password, code or token.
 * Known secrets are the passwords the specs type and what the outbox mailed (codes, link tokens); unknown ones
 * are caught by their shape (JWTs, refresh cookies, Authorization headers, token-bearing addresses).
 */
const E2E_ROOT = path.resolve(import.meta.dirname, "..");
const SHAPES: Array<[string, RegExp]> = [
  ["a JWT", /eyJ[\w-]+\.eyJ[\w-]*/],
  ["a refresh cookie", /op_refresh=(?!\[redacted\])[^;\s"]+/],
  ["an Authorization header", /authorization"?\s*[:=]\s*"?(?!\[redacted\])(bearer|basic)\s+[^"\s]*/i],
  ["a calendar feed token", /\/api\/public\/calendar\/(?!\[redacted\])[\w.-]+/],
  ["a permit check token", /\/(api\/public\/permit-checks|auth\/permit-check)\/(?!\[redacted\])[\w-]{16,}/],
  ["a token in a link", /[?&](token|code)=(?!\[redacted\])[\w.-]{6,}/i],
];

/** Every password the specs use: string literals on lines that speak of passwords, with a letter and a digit. */
function passwordsOfSpecs(): string[] {
  const found = new Set([DEMO_PASSWORD]);
  for (const dir of ["tests", "support"]) {
    for (const file of fs.readdirSync(path.join(E2E_ROOT, dir)).filter((f) => f.endsWith(".ts"))) {
      for (const line of fs.readFileSync(path.join(E2E_ROOT, dir, file), "utf8").split("\n")) {
        if (!/pass/i.test(line)) continue;
        for (const [, literal] of line.matchAll(/["'`]([^"'`\s]{8,})["'`]/g)) {
          if (/[A-Za-z]/.test(literal!) && /\d/.test(literal!) && !literal!.includes("/")) found.add(literal!);
        }
      }
    }
  }
  return [...found];
}

/** Codes and link tokens of every mail in the outbox (bodies are quoted-printable). */
function secretsOfOutbox(): string[] {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  const found = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    const body = raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    // The code the mail announces ("Your confirmation code is: 123456", "code de vérification : …"), not any
    // six digits: a credit count or a permit's number is no secret, and would match the log by chance.
    for (const [, code] of body.matchAll(/code[^\d\n]{0,40}?(?<![\w#/.:-])(\d{6})(?![\w/.:-])/gi)) found.add(code!);
    for (const [, token] of body.matchAll(/[?&](?:token|code)=([\w.-]{6,})/g)) found.add(token!);
  }
  return [...found];
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function findLeaks(lines: string[], secrets: string[]): string[] {
  // Not inside a longer run of letters and digits: a six-digit code may well occur inside a timestamp or a request's
  // random id ("b0f8-843333b9ac18"), while a leaked secret stands between quotes, `=`, `&`, `/` or spaces.
  const source = `(?<![0-9A-Za-z])(${secrets.map(literal).join("|")})(?![0-9A-Za-z])`;
  const known = secrets.length > 0 ? { once: new RegExp(source), all: new RegExp(source, "g") } : null;
  const leaks: string[] = [];
  lines.forEach((line, index) => {
    const reasons: string[] = [];
    let shown = line;
    // Process ids, times and ports are numbers that may match a code by chance.
    const words = line.replace(/"(pid|time|responseTime|remotePort)":[\d.]+/g, "");
    if (known?.once.test(words)) {
      reasons.push("a password, code or token the run used");
      shown = shown.replace(known.all, "«secret»");
    }
    for (const [name, shape] of SHAPES) {
      if (shape.test(shown)) {
        reasons.push(name);
        shown = shown.replace(new RegExp(shape.source, `${shape.flags}g`), "«secret»");
      }
    }
    if (reasons.length > 0) leaks.push(`line ${index + 1} (${reasons.join(", ")}): ${shown.slice(0, 400)}`);
  });
  return leaks;
}

export default async function scanServerLog(): Promise<void> {
  const file = path.join(E2E_DATA_DIR, "server.log");
  if (!fs.existsSync(file)) throw new Error(`Log scan: no server log at ${file}`);
  const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
  const secrets = [...passwordsOfSpecs(), ...secretsOfOutbox()];
  const leaks = findLeaks(lines, secrets);
  console.log(
    `Log scan: ${lines.length} lines of ${file} checked for ${secrets.length} known secrets and their shapes.`,
  );
  if (leaks.length > 0) {
    throw new Error(
      `Log scan: ${leaks.length} line(s) of the server log hold a secret:\n${leaks.slice(0, 20).join("\n")}`,
    );
  }
}
