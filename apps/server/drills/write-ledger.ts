import { randomBytes } from "node:crypto";

/** What the drill knows of one permit draft it wrote. */
interface TEntry {
  /** The last content the server acknowledged (2xx). */
  acknowledged: string;
  /**
   * Later contents sent without a 2xx (no answer, or a 503 when the database went away): each may have committed —
   * a write can commit just before the database goes, and its answer then be a 503 — so any of them may be what the
   * server holds, never anything else.
   */
  unanswered: string[];
}

export interface TStreamFigures {
  acknowledged: number;
  failed: number;
  /** Requests that got no HTTP answer at all (connection refused or cut). */
  unanswered: number;
  /** Answers that were neither 2xx nor the clean 503 of an unreachable database. */
  unclean: string[];
}

const content = (worker: number, n: number) => `drill w${worker} n${n} ${randomBytes(6).toString("hex")}`;

/**
 * Every acknowledged write of a drill, to be found again after the crash. A write whose answer never came
 * may or may not have committed: after the restart either its content or the previous one is right.
 */
export class WriteLedger {
  readonly #entries = new Map<string, TEntry>();

  get size(): number {
    return this.#entries.size;
  }

  /**
   * `workers` concurrent writers, each creating drafts and rewriting its own ones, until `stop()` resolves.
   * `onAnswer` sees every HTTP answer (the PG restart drill checks the failures are clean 503s).
   */
  async stream(options: {
    url: string;
    token: string;
    enterpriseId: string;
    workers: number;
    stopped: () => boolean;
    pauseOnFailureMs?: number;
    onAcknowledged?: () => void;
  }): Promise<TStreamFigures> {
    const figures: TStreamFigures = { acknowledged: 0, failed: 0, unanswered: 0, unclean: [] };
    const headers = { "content-type": "application/json", authorization: `Bearer ${options.token}` };
    const draft = (taskTitle: string) =>
      JSON.stringify({ enterpriseId: options.enterpriseId, taskTitle, jobDescription: `${taskTitle} / description` });

    const worker = async (w: number) => {
      const mine: string[] = [];
      for (let n = 0; !options.stopped(); n++) {
        const title = content(w, n);
        // One write in three rewrites one of this worker's earlier drafts; the others create new ones.
        const rewrite = mine.length > 0 && n % 3 === 2 ? mine[n % mine.length]! : null;
        if (rewrite) this.#entries.get(rewrite)!.unanswered.push(title);
        try {
          const response = await fetch(
            rewrite ? `${options.url}/api/permits/${rewrite}` : `${options.url}/api/permits`,
            {
              method: rewrite ? "PATCH" : "POST",
              headers,
              body: draft(title),
            },
          );
          const text = await response.text();
          if (response.ok) {
            const id = (JSON.parse(text) as { data: { id: string } }).data.id;
            this.#entries.set(id, { acknowledged: title, unanswered: [] });
            if (!rewrite) mine.push(id);
            figures.acknowledged += 1;
            options.onAcknowledged?.();
            continue;
          }
          figures.failed += 1;
          if (!isCleanUnavailable(response.status, response.headers, text))
            figures.unclean.push(`${response.status} ${text.slice(0, 300)}`);
        } catch {
          // No answer at all: the server is gone (SIGKILL). Whether the write committed is unknown.
          figures.failed += 1;
          figures.unanswered += 1;
        }
        if (options.stopped()) break;
        await new Promise((r) => setTimeout(r, options.pauseOnFailureMs ?? 50));
      }
    };
    await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
    return figures;
  }

  /** Reads every acknowledged draft back; returns what is missing or wrong (empty when all is there). */
  async verify(url: string, token: string, concurrency = 8): Promise<string[]> {
    const problems: string[] = [];
    const ids = [...this.#entries.keys()];
    let next = 0;
    const reader = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const entry = this.#entries.get(id)!;
        const response = await fetch(`${url}/api/permits/${id}`, { headers: { authorization: `Bearer ${token}` } });
        if (response.status !== 200) {
          problems.push(`${id}: ${response.status} (acknowledged "${entry.acknowledged}")`);
          continue;
        }
        const { data } = (await response.json()) as { data: { taskTitle: string; jobDescription: string } };
        const found = data.taskTitle;
        const unanswered = entry.unanswered.includes(found);
        if (found !== entry.acknowledged && !unanswered) {
          problems.push(`${id}: "${found}" instead of "${entry.acknowledged}"`);
        } else if (data.jobDescription !== `${found} / description`) {
          problems.push(`${id}: torn write ("${data.taskTitle}" with "${data.jobDescription}")`);
        } else if (unanswered) {
          // An unanswered rewrite did commit: it is now what the server holds.
          entry.acknowledged = found;
        }
        entry.unanswered = [];
      }
    };
    await Promise.all(Array.from({ length: concurrency }, () => reader()));
    return problems;
  }
}

/** A refusal a client can live with while the database is away: 503 in the error shape, Retry-After, no stack. */
export function isCleanUnavailable(status: number, headers: Headers, text: string): boolean {
  if (status !== 503 || !headers.get("retry-after")) return false;
  if (/\bat .+:\d+:\d+/.test(text) || /Error:/.test(text)) return false;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    return body.error?.code === "SERVICE_UNAVAILABLE" && typeof body.error.message === "string";
  } catch {
    return false;
  }
}
