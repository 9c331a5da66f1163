/** A message's raw RFC 822 text: a mailbox message (helpers/mailbox.ts) or an outbox file's content. */
export interface TRawMail {
  raw: string;
}

/** The six-digit code in a message (subject and body carry it). */
export function codeIn(mail: TRawMail): string {
  const match = /\b(\d{6})\b/.exec(textOf(mail));
  if (!match) throw new Error("no code in the message");
  return match[1]!;
}

/** The message's subject line, unfolded (a long subject is folded over several header lines). */
export function subjectOf(mail: TRawMail): string {
  const [head = ""] = mail.raw.split(/\r?\n\r?\n/);
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head);
  if (!match) throw new Error("no subject in the message");
  return match[1]!.replace(/\r?\n[ \t]/g, " ");
}

export function linkTokenIn(mail: TRawMail): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(textOf(mail));
  if (!match) throw new Error("no link in the message");
  return match[1]!;
}

/** The message's body, quoted-printable decoded when it is (nodemailer encodes accents and long lines). */
export function textOf(mail: TRawMail): string {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(head)) return body;
  const decoded = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}
