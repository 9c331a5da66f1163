import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";

export interface TMail {
  to: string;
  subject: string;
  text: string;
}

/** A message as delivered: the mail and the raw RFC 822 message nodemailer built from it. */
export interface TDeliveredMail {
  mail: TMail;
  raw: string;
}

/**
 * Where messages go instead of SMTP or the outbox: the tests' in-memory mailbox (test/helpers/mailbox.ts),
 * which a test awaits instead of polling a directory. Called once the message is built, like a delivery.
 */
export type TMailSink = (delivered: TDeliveredMail) => void;

/**
 * Delivers e-mail through SMTP when SMTP_URL is set. Without it, each message is written to
 * DATA_DIR/outbox as an .eml file (readable by the app's user only), so someone running the app locally can
 * read codes; the log names the file but never holds the message: subjects and texts carry codes and links.
 * With a `sink` (tests only), each message is handed to it instead, neither sent nor written.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #outbox: string | null;

  constructor(
    private readonly options: { smtpUrl: string | undefined; from: string; dataDir: string; sink?: TMailSink },
    private readonly log: FastifyBaseLogger,
  ) {
    this.#outbox = options.smtpUrl || options.sink ? null : path.join(options.dataDir, "outbox");
    this.#transport =
      options.smtpUrl && !options.sink
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  get outboxDir(): string | null {
    return this.#outbox;
  }

  async send(mail: TMail): Promise<void> {
    const info = await this.#transport.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    if (this.options.sink) {
      this.options.sink({ mail, raw: (info as unknown as { message: Buffer }).message.toString("utf8") });
      this.log.info({ to: mail.to }, "e-mail delivered to the in-memory mailbox");
      return;
    }
    if (!this.#outbox) {
      this.log.info({ messageId: info.messageId }, "e-mail sent");
      return;
    }
    await fs.mkdir(this.#outbox, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(":", "-");
    const file = path.join(this.#outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    // Written whole under a temporary name, then renamed: a reader never sees half a message.
    await fs.writeFile(`${file}.tmp`, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    this.log.info({ file, to: mail.to }, "e-mail written to the outbox (no SMTP_URL)");
  }
}
