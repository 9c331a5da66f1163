import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { anyAddress } from "../helpers/http";
import type { TFuzzWorld } from "./fixture";
import { problemsOf } from "./oracle";
import { requestArbitrary, type TFuzzRequest } from "./request-arbitrary";
import type { TFuzzRoute } from "./routes";

/** Requests in flight at once: PostgreSQL works on the other core while the app validates the next ones. */
const CONCURRENCY = 16;
const TIMEOUT_MS = 15_000;

export interface TFailure {
  route: string;
  seed: number;
  index: number;
  request: string;
  status: number;
  problems: string[];
  body: string;
}

export interface TRouteResult {
  route: string;
  accepted: number;
  refused: number;
  failures: TFailure[];
  /** Refused batches after which some table's row count had changed. */
  stored: string[];
  ms?: number;
}

/** A route's own seed: the run's seed mixed with its name, so one route replays alone with the same requests. */
export function routeSeed(seed: number, route: TFuzzRoute): number {
  let hash = seed | 0;
  for (const c of `${route.method} ${route.url}`) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

const short = (text: string | Buffer | undefined, max = 160) => {
  const s = text === undefined ? "" : String(text);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
};

export const describeRequest = (r: TFuzzRequest) =>
  `${r.method} ${short(r.url, 200)} as ${r.role ?? "nobody"} [${r.kind}] ${r.body.contentType ?? ""} ${short(r.body.payload)}`;

function send(app: FastifyInstance, w: TFuzzWorld, r: TFuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (r.role) headers.authorization = `Bearer ${w.tokens[r.role]}`;
  if (r.body.contentType) headers["content-type"] = r.body.contentType;
  const answer = app.inject({
    method: r.method,
    url: r.url,
    remoteAddress: anyAddress(),
    headers,
    ...(r.body.payload === undefined ? {} : { payload: r.body.payload }),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

export interface TRunOptions {
  app: FastifyInstance;
  world: TFuzzWorld;
  seed: number;
  runs: number;
  /** Row counts of the tables a refused request must leave alone. */
  counts: () => Promise<Record<string, number>>;
}

const changedTables = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys(after)
    .filter((t) => after[t] !== before[t])
    .map((t) => `${t} ${before[t]}→${after[t]}`);

/**
 * The draws without a read (GET) that repeats an earlier one exactly (URL, caller and body): a read changes nothing,
 * so its answer to the same request is the same. About a tenth of the draws are such repeats (a route with few
 * inputs, a small query schema). A repeated write is kept: a second identical POST meets what the first one made.
 */
function withoutRepeatedReads<T extends { request: TFuzzRequest }>(draws: T[]): T[] {
  const seen = new Set<string>();
  return draws.filter(({ request: r }) => {
    if (r.method !== "GET") return true;
    const payload = Buffer.isBuffer(r.body.payload) ? r.body.payload.toString("base64") : r.body.payload;
    const key = JSON.stringify([r.url, r.role, r.body.contentType, payload]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Sends `runs` generated requests to the route and checks every answer, and the row counts around refusals. */
export async function fuzzRoute(route: TFuzzRoute, o: TRunOptions): Promise<TRouteResult> {
  const name = `${route.method} ${route.url}`;
  const seed = routeSeed(o.seed, route);
  const ids = (field: string, url: string) => o.world.idsFor(field, url);
  const sample = withoutRepeatedReads(
    fc.sample(requestArbitrary(route, ids), { seed, numRuns: o.runs }).map((request, index) => ({ request, index })),
  );
  // Hostile requests first, in batches whose row counts are compared; the valid ones (mostly accepted, so
  // storing rows is their right) after, unchecked.
  const hostile = sample.filter((s) => s.request.kind !== "valid");
  const valid = sample.filter((s) => s.request.kind === "valid");
  const result: TRouteResult = { route: name, accepted: 0, refused: 0, failures: [], stored: [] };
  const ordered = [...hostile, ...valid];
  let before = await o.counts();
  for (let start = 0; start < sample.length; start += CONCURRENCY) {
    const batch = ordered.slice(start, start + CONCURRENCY);
    const checked = start < hostile.length;
    const answers = await Promise.allSettled(batch.map(({ request }) => send(o.app, o.world, request)));
    let anyAccepted = false;
    answers.forEach((answer, i) => {
      const { index } = batch[i]!;
      // Described only when it failed: some carry a megabyte.
      const request = () => describeRequest(batch[i]!.request);
      if (answer.status === "rejected") {
        result.failures.push({
          route: name,
          seed,
          index,
          request: request(),
          status: 0,
          problems: [String(answer.reason)],
          body: "",
        });
        return;
      }
      const response = answer.value;
      if (response.statusCode < 400) {
        anyAccepted = true;
        result.accepted += 1;
      } else result.refused += 1;
      const problems = problemsOf(response);
      if (problems.length) {
        result.failures.push({
          route: name,
          seed,
          index,
          request: request(),
          status: response.statusCode,
          problems,
          body: short(response.body, 400),
        });
      }
    });
    if (!checked) continue;
    const after = await o.counts();
    const changed = anyAccepted ? [] : changedTables(before, after);
    if (changed.length) {
      const requests = batch.map((b) => `#${b.index} ${describeRequest(b.request)}`).join("\n      ");
      result.stored.push(
        `${name} (seed ${seed}): a batch of refusals changed ${changed.join(", ")}:\n      ${requests}`,
      );
    }
    before = after;
  }
  return result;
}
