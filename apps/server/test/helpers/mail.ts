import fs from "node:fs";
import path from "node:path";

export interface TOutboxMail {
  file: string;
  raw: string;
}

function readOutbox(dataDir: string): TOutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => ({ file: f, raw: fs.readFileSync(path.join(dir, f), "utf8") }));
}

/** Waits for the job queue to deliver a message to `to` (into DATA_DIR/outbox) and returns the newest. */
export async function waitForMail(dataDir: string, to: string, options: { after?: number; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const mails = readOutbox(dataDir).filter((m) => new RegExp(`^To: ${to}$`, "mi").test(m.raw));
    if (mails.length > (options.after ?? 0)) return mails.at(-1)!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} within the time limit`);
}

export const countMails = (dataDir: string, to: string) =>
  readOutbox(dataDir).filter((m) => new RegExp(`^To: ${to}$`, "mi").test(m.raw)).length;

/** The six-digit code in a message (subject and body carry it). */
export function codeIn(mail: TOutboxMail): string {
  const match = /\b(\d{6})\b/.exec(
    mail.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n"),
  );
  if (!match) throw new Error("no code in the message");
  return match[1]!;
}

export function linkTokenIn(mail: TOutboxMail): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.raw.replace(/=\r?\n/g, ""));
  if (!match) throw new Error("no link in the message");
  return match[1]!;
}
