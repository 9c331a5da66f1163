import type { ServerResponse } from "node:http";
import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema";
import { toNotification } from "./notifications.service";
import { NOTIFY_CHANNEL, parsePublished, parseSiteChange, SITE_CHANNEL } from "./publish";

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** More tabs than this for one person: the oldest stream is closed (a leak must not pile up connections). */
const MAX_STREAMS_PER_USER = 10;
const RECONNECT_DELAY_MS = 2_000;

/**
 * Whose changes on site a stream is told of (the live site map): the principal's staff, of their enterprise — the
 * whole of it for the Enterprise, one division for its SuperResponsibles and Responsibles. Contractors: none.
 */
export type TSiteScope = { enterpriseId: string; divisionId: string | null } | null;

interface TStream {
  userId: string;
  res: ServerResponse;
  site: TSiteScope;
}

/**
 * This server instance's open notification streams, fed by one LISTEN connection (a dedicated client of the
 * pool, not one per stream): each NOTIFY names the users and notification ids; the rows of users with a stream
 * open here are read in one query and written to their streams.
 */
export class StreamHub {
  readonly #byUser = new Map<string, Set<TStream>>();
  #listener: pg.PoolClient | null = null;
  #listening: Promise<void> | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: TDb,
    private readonly log: FastifyBaseLogger,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** Resolves once this instance listens, so nothing published after a stream opens can be missed. */
  listen(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("the notification hub is closed"));
    this.#listening ??= this.#connect().catch((error) => {
      this.#listening = null;
      throw error;
    });
    return this.#listening;
  }

  async #connect(): Promise<void> {
    const client = await this.pool.connect();
    client.on("notification", (message) => {
      if (message.channel === NOTIFY_CHANNEL) void this.#deliver(message.payload);
      else if (message.channel === SITE_CHANNEL) this.#deliverSiteChange(message.payload);
    });
    client.on("error", (error) => {
      this.log.error({ err: error }, "notification listener lost its connection");
      this.#dropListener(error);
      // Streams stay open; the web app refetches when it reconnects, and we listen again for what comes next.
      this.#listenAgain();
    });
    await client.query(`LISTEN ${NOTIFY_CHANNEL}; LISTEN ${SITE_CHANNEL}`);
    if (this.#closed) {
      client.release();
      throw new Error("the notification hub is closed");
    }
    this.#listener = client;
  }

  /** Tries again every 2 s until it listens: PostgreSQL may be down for longer than one delay (a restart). */
  #listenAgain() {
    if (this.#closed) return;
    setTimeout(() => void this.listen().catch(() => this.#listenAgain()), RECONNECT_DELAY_MS).unref();
  }

  #dropListener(error?: Error) {
    const client = this.#listener;
    this.#listener = null;
    this.#listening = null;
    // A client that failed is destroyed, not returned to the pool still LISTENing.
    client?.release(error ?? true);
  }

  add(userId: string, res: ServerResponse, site: TSiteScope = null): () => void {
    const stream: TStream = { userId, res, site };
    const streams = this.#byUser.get(userId) ?? new Set<TStream>();
    this.#byUser.set(userId, streams);
    if (streams.size >= MAX_STREAMS_PER_USER) {
      const oldest = streams.values().next().value;
      if (oldest) this.#end(oldest);
    }
    streams.add(stream);
    this.#heartbeat ??= setInterval(() => this.#beat(), this.heartbeatMs).unref();
    return () => this.#remove(stream);
  }

  get openStreams(): number {
    let total = 0;
    for (const streams of this.#byUser.values()) total += streams.size;
    return total;
  }

  #remove(stream: TStream) {
    const streams = this.#byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.#byUser.delete(stream.userId);
    if (this.#byUser.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  #end(stream: TStream) {
    this.#remove(stream);
    stream.res.end();
  }

  /** Writes to a stream still open; one whose connection went away is dropped. */
  #write(stream: TStream, chunk: string) {
    if (stream.res.destroyed || stream.res.writableEnded) this.#remove(stream);
    else stream.res.write(chunk);
  }

  #beat() {
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) this.#write(stream, ": heartbeat\n\n");
    }
  }

  async #deliver(payload: string | undefined) {
    const ids = parsePublished(payload)
      .filter(([userId]) => this.#byUser.has(userId))
      .map(([, id]) => id);
    if (ids.length === 0) return;
    try {
      const rows = await this.db.select().from(notifications).where(inArray(notifications.id, ids));
      for (const row of rows) {
        const data = JSON.stringify(toNotification(row));
        // A notice marked done (done.ts) is not a new one: the reader's lists and count are refreshed, no toast.
        const event = row.doneAt ? "notification-done" : "notification";
        for (const stream of [...(this.#byUser.get(row.userId) ?? [])]) {
          this.#write(stream, `event: ${event}\ndata: ${data}\n\n`);
        }
      }
    } catch (error) {
      this.log.error({ err: error }, "could not deliver notifications to their streams");
    }
  }

  /** A `site` event (only the sector's id) to every stream whose reader sees the sector's enterprise or division. */
  #deliverSiteChange(payload: string | undefined) {
    const change = parseSiteChange(payload);
    if (!change) return;
    const chunk = `event: site\ndata: ${JSON.stringify({ sectorId: change.s })}\n\n`;
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) {
        const site = stream.site;
        if (site?.enterpriseId === change.e && (site.divisionId === null || site.divisionId === change.d)) {
          this.#write(stream, chunk);
        }
      }
    }
  }

  /** Ends every open stream and stops listening (server shutdown: app.close must not wait on open streams). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) this.#end(stream);
    }
    await this.#listening?.catch(() => undefined);
    const client = this.#listener;
    if (client) {
      this.#listener = null;
      await client.query(`UNLISTEN ${NOTIFY_CHANNEL}; UNLISTEN ${SITE_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
