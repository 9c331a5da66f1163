import type { TContext } from "../../src/context";
import type { TDeliveredMail, TMail } from "../../src/modules/mail/mailer";

/** A message the app delivered into the mailbox: the mail, its raw RFC 822 text and the order it was queued in. */
export interface TMailboxMessage {
  to: string;
  subject: string;
  /** The whole message as nodemailer built it (headers, encoded body): what the outbox file would hold. */
  raw: string;
  /** 1 for the first mail queued by this app, 2 for the next… (not the order of delivery: the queue may reorder). */
  seq: number;
}

interface TWaiter {
  to: string;
  after: number;
  where: ((message: TMailboxMessage) => boolean) | undefined;
  resolve(message: TMailboxMessage): void;
}

/** The job data's field that carries a mail's queue order from `jobs.sendEmail` to the mailer's sink. */
const SEQ = "testMailSeq";

/**
 * The tests' e-mail: the app's Mailer delivers into it (its `sink`) instead of writing DATA_DIR/outbox, and a
 * test awaits a message instead of polling for a file. The job queue delivers in the background and not
 * necessarily in order, so each mail is numbered when it is queued (`track`): `next(to)` is the first mail to
 * `to` queued after the call, never one queued earlier and delivered late.
 */
export class Mailbox {
  #queued = 0;
  readonly #delivered: TMailboxMessage[] = [];
  readonly #waiters = new Set<TWaiter>();

  /** Numbers each mail the app queues (wraps ctx.jobs.sendEmail of this app only). */
  track(ctx: TContext) {
    const send = ctx.jobs.sendEmail.bind(ctx.jobs);
    ctx.jobs.sendEmail = (mail, client) => {
      this.#queued += 1;
      return send({ ...mail, [SEQ]: this.#queued } as TMail, client);
    };
  }

  /** The Mailer's sink. */
  readonly deliver = ({ mail, raw }: TDeliveredMail) => {
    const seq = (mail as TMail & { [SEQ]?: number })[SEQ] ?? 0;
    const message: TMailboxMessage = { to: mail.to.toLowerCase(), subject: mail.subject, raw, seq };
    this.#delivered.push(message);
    for (const waiter of this.#waiters) {
      if (this.#matches(waiter, message)) {
        this.#waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  };

  /** The number of mails queued so far: `waitFor(to, { after: mark() })` skips every one of them. */
  mark(): number {
    return this.#queued;
  }

  /** The first mail to `to` queued after this call (call it before the request that sends it). */
  next(to: string, options: { timeoutMs?: number } = {}): Promise<TMailboxMessage> {
    return this.waitFor(to, { ...options, after: this.mark() });
  }

  /**
   * A mail to `to` queued after the mark `after` (default: any) that satisfies `where`: the first in queue
   * order among those already delivered, else the first delivered from now on. Fails after `timeoutMs` (10 s) if none comes.
   */
  waitFor(
    to: string,
    options: { after?: number; where?: (message: TMailboxMessage) => boolean; timeoutMs?: number } = {},
  ): Promise<TMailboxMessage> {
    const waiter = { to: to.toLowerCase(), after: options.after ?? 0, where: options.where };
    const already = this.#delivered
      .filter((m) => this.#matches(waiter, m))
      .sort((a, b) => a.seq - b.seq)
      .at(0);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(entry);
        reject(new Error(`no e-mail to ${to} within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      const entry: TWaiter = {
        ...waiter,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      this.#waiters.add(entry);
    });
  }

  /** The mails delivered to `to` so far, in queue order. */
  to(to: string): TMailboxMessage[] {
    return this.#delivered.filter((m) => m.to === to.toLowerCase()).sort((a, b) => a.seq - b.seq);
  }

  #matches(waiter: Omit<TWaiter, "resolve">, message: TMailboxMessage): boolean {
    return message.to === waiter.to && message.seq > waiter.after && (waiter.where?.(message) ?? true);
  }
}
