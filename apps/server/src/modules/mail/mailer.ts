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

/**
 * Delivers e-mail through SMTP when SMTP_URL is set. Without it, each message is written to
 * DATA_DIR/outbox as an .eml file (readable by the app's user only), so someone running the app locally can
 * read codes; the log names the file but never holds the message: subjects and texts carry codes and links.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #outbox: string | null;

  constructor(
    private readonly options: { smtpUrl: string | undefined; from: string; dataDir: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.#outbox = options.smtpUrl ? null : path.join(options.dataDir, "outbox");
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  get outboxDir(): string | null {
    return this.#outbox;
  }

  async send(mail: TMail): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.options.from, ...mail });
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
