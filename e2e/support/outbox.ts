import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";

function mailsTo(to: string): string[] {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(raw));
}

/** Waits for the server's job queue to write a message to `to` into the outbox; returns its 6-digit code. */
export async function waitForCode(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    const mails = mailsTo(to);
    if (mails.length > (options.after ?? 0)) {
      const body = mails
        .at(-1)!
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("\n");
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

export const countMailsTo = (to: string) => mailsTo(to).length;

/** Waits for a message to `to` and returns the link it carries (quoted-printable decoded). */
export async function waitForLink(to: string, options: { timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    const mail = mailsTo(to).at(-1);
    if (mail) {
      const body = mail
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("\n")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(body)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no link e-mailed to ${to}`);
}
