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
  const match = /\b(\d{6})\b/.exec(textOf(mail));
  if (!match) throw new Error("no code in the message");
  return match[1]!;
}

export function linkTokenIn(mail: TOutboxMail): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(textOf(mail));
  if (!match) throw new Error("no link in the message");
  return match[1]!;
}

/** The message's body, quoted-printable decoded when it is (nodemailer encodes accents and long lines). */
export function textOf(mail: TOutboxMail): string {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(head)) return body;
  const decoded = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}
