import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { Mailer, TMail } from "../modules/mail/mailer";

const EMAIL_QUEUE = "email.send";

/**
 * Background work on pg-boss, in the same PostgreSQL. Jobs can be queued inside the caller's
 * transaction, so an e-mail goes out if and only if the change that causes it commits.
 */
export class Jobs {
  readonly #boss: PgBoss;
  #emailWorker: string | null = null;
  #working = false;

  constructor(
    databaseUrl: string,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: "openpermit-jobs" });
    this.#boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  }

  async start(options: { work: boolean }): Promise<void> {
    await this.#boss.start();
    this.#working = options.work;
    await this.#boss.createQueue(EMAIL_QUEUE, { name: EMAIL_QUEUE, retryLimit: 8, retryDelay: 30, retryBackoff: true });
    if (options.work) {
      this.#emailWorker = await this.#boss.work<TMail>(EMAIL_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) {
          await this.mailer.send(job.data);
        }
        // pg-boss waits a whole polling interval after each fetch, even one that found mail: a queue with mail
        // left is drained at once instead, so that a sign-in or reset code never waits behind a burst of notices.
        this.wake();
      });
    }
  }

  /** Queues an e-mail; with `client`, inside that client's open transaction. */
  async sendEmail(mail: TMail, client?: pg.PoolClient): Promise<void> {
    const db = client ? { executeSql: (text: string, values: unknown[]) => client.query(text, values) } : undefined;
    await this.#boss.send(EMAIL_QUEUE, mail, db ? { db } : {});
    this.log.debug({ to: mail.to, subject: mail.subject }, "e-mail queued");
  }

  /**
   * Runs `handler` on the cron schedule (UTC), on one server instance at a time: pg-boss's clock sends one job per
   * tick whatever the number of instances, and the singleton queue never lets two runs overlap. The schedule is
   * kept in the database; instances that do not work only keep it registered.
   */
  async every(queue: string, cron: string, handler: () => Promise<void>): Promise<void> {
    await this.#boss.createQueue(queue, { name: queue, policy: "singleton", retryLimit: 0, expireInSeconds: 300 });
    await this.#boss.schedule(queue, cron, {}, { tz: "UTC" });
    if (this.#working) {
      await this.#boss.work(queue, { pollingIntervalSeconds: 10 }, async () => {
        await handler();
      });
    }
  }

  /** Wakes the worker now instead of at its next poll (after a commit that queued mail). */
  wake(): void {
    if (this.#emailWorker) this.#boss.notifyWorker(this.#emailWorker);
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 10_000, wait: true });
  }
}
