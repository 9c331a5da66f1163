import type pg from "pg";
import type { TRequest } from "./load";
import { BENCH_PASSWORD, BENCH_SHAPE, benchEmail } from "./seed-organisation";

export interface TRoute {
  name: string;
  /** What its limit is held to (report.ts): a read or a write of the app's; the baseline has no limit target. */
  kind: "baseline" | "read" | "write";
  /** What it must reach: a share of the baseline's req/s, and a p95 ceiling (ms). */
  target?: { ratio?: number; p95?: number };
  requests: TRequest[];
  /** At most this many requests (routes that use up their data, like the verify of each sent permit once). */
  maxRequests?: number;
  /** Its own number of connections (default: --connections). */
  connections?: number;
}

/** Signs in through the API, as the web app does, and returns the access token. */
export async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cycle = <T>(items: T[]) => {
  let i = 0;
  return () => items[i++ % items.length]!;
};

/** Enterprise 1's ids the routes pick from (the same data for every run on a given seed). */
export async function dataOfEnterpriseOne(pool: pg.Pool) {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  const [enterprise] = await one<{ id: string }>("SELECT id FROM enterprises WHERE email = $1", [
    benchEmail.enterprise(1),
  ]);
  const enterpriseId = enterprise!.id;
  const sectors = await one<{ id: string; first: boolean }>(
    `SELECT se.id, dv.name = 'North Plant' AND se.number = 1 AS first
     FROM sectors se JOIN divisions dv ON dv.id = se.division_id WHERE se.enterprise_id = $1 ORDER BY dv.name, se.number`,
    [enterpriseId],
  );
  const [workType] = await one<{ id: string }>("SELECT id FROM work_types WHERE enterprise_id = $1 LIMIT 1", [
    enterpriseId,
  ]);
  // Permits the enterprise's account sees: every one of its enterprise once sent (a contractor's draft is not).
  const permitIds = await one<{ id: string }>(
    "SELECT id FROM permits WHERE enterprise_id = $1 AND status <> 'pending' ORDER BY md5(id::text) LIMIT 10000",
    [enterpriseId],
  );
  const codes = await one<{ code: string }>(
    `SELECT DISTINCT substring(task_title from 'tag ([A-Z]{3})-') AS code FROM permits
     WHERE enterprise_id = $1 AND created_at > now() - interval '30 days' LIMIT 500`,
    [enterpriseId],
  );
  const toVerify = await one<{ id: string }>(
    "SELECT id FROM permits WHERE sector_id = $1 AND status = 'sended' ORDER BY created_at DESC",
    [sectors.find((s) => s.first)!.id],
  );
  // Enterprise 2, where the same supplier also works: the drafts of two enterprises at once.
  const [second] = await one<{ enterprise_id: string; sector_id: string; work_type_id: string }>(
    `SELECT en.id AS enterprise_id,
       (SELECT id FROM sectors WHERE enterprise_id = en.id ORDER BY id LIMIT 1) AS sector_id,
       (SELECT id FROM work_types WHERE enterprise_id = en.id ORDER BY id LIMIT 1) AS work_type_id
     FROM enterprises en WHERE en.email = $1`,
    [benchEmail.enterprise(2)],
  );
  return {
    enterpriseId,
    second: { enterpriseId: second!.enterprise_id, sectorId: second!.sector_id, workTypeId: second!.work_type_id },
    sectorIds: sectors.map((s) => s.id),
    workTypeId: workType!.id,
    permitIds: permitIds.map((r) => r.id),
    codes: codes.map((r) => r.code),
    toVerify: toVerify.map((r) => r.id),
  };
}

export type TEnterpriseData = Awaited<ReturnType<typeof dataOfEnterpriseOne>>;
export type TTokens = { enterprise: string; supplier: string; verifiers: string[] };

/** Signs in `count` accounts, four at a time (each sign-in hashes a password). */
async function signInMany(url: string, count: number, email: (n: number) => string): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 1; n <= count; n += 4) {
    const batch = Array.from({ length: Math.min(4, count - n + 1) }, (_, i) => signIn(url, email(n + i)));
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

export async function signInAll(url: string): Promise<TTokens> {
  return {
    enterprise: await signIn(url, benchEmail.enterprise(1)),
    // Supplier 5 works with enterprises 1 and 2; the bench's verifiers verify in enterprise 1's first division.
    supplier: await signIn(url, benchEmail.supplier(5)),
    verifiers: await signInMany(url, BENCH_SHAPE.verifiers, benchEmail.verifier),
  };
}

const SEARCH_WORDS = ["gas test", "harness", "lock out", "crane", "fire watch"];
const LIST_STATUSES = "accepted,In_progress,Ended,Canceled";

/**
 * The filtered list as a principal reads it: the year up to `now`, the usual statuses, one sector, a word; 50 a page.
 * (`now` is given so that the app and its limit are sent the very same period.)
 */
export function listRequest(data: TEnterpriseData, token: string, now = Date.now()): TRequest {
  const sector = cycle(data.sectorIds);
  const word = cycle(SEARCH_WORDS);
  const from = new Date(now - 365 * 86_400_000).toISOString();
  const to = new Date(now).toISOString();
  return {
    method: "GET",
    headers: bearer(token),
    setupRequest: (request) => {
      const query = new URLSearchParams({
        status: LIST_STATUSES,
        sectorId: sector(),
        from,
        to,
        q: word(),
        pageSize: "50",
      });
      return { ...request, path: `/api/permits?${query}` };
    },
  };
}

export function getRequest(data: TEnterpriseData, token: string): TRequest {
  const id = cycle(data.permitIds);
  return {
    method: "GET",
    headers: bearer(token),
    setupRequest: (request) => ({ ...request, path: `/api/permits/${id()}` }),
  };
}

/**
 * The measured routes. Each call makes fresh request generators, so the app and its limit get the same sequence of
 * requests; `toVerify` is the sent permits this set may verify (each once: the app and the limit get one half each).
 */
export function routesOf(
  data: TEnterpriseData,
  tokens: TTokens,
  toVerify: string[] = [...data.toVerify],
  now = Date.now(),
): TRoute[] {
  const code = cycle(data.codes);
  const remaining = [...toVerify];
  const verifier = cycle(tokens.verifiers);
  const verifyFallback = toVerify[0] ?? data.toVerify[0];
  const draftFor = (place: { enterpriseId: string; sectorId: string; workTypeId: string }) =>
    JSON.stringify({
      ...place,
      taskTitle: "Replace the bench valve",
      jobDescription: "Isolate, drain and purge before opening.",
    });
  const draft = draftFor({
    enterpriseId: data.enterpriseId,
    sectorId: data.sectorIds[0]!,
    workTypeId: data.workTypeId,
  });
  const createDraft = (body: string): TRequest => ({
    method: "POST",
    path: "/api/permits",
    headers: { ...bearer(tokens.supplier), "content-type": "application/json" },
    body,
  });
  return [
    { name: "ping (baseline)", kind: "baseline", requests: [{ method: "GET", path: "/api/ping" }] },
    { name: "get a permit", kind: "read", target: { ratio: 0.4 }, requests: [getRequest(data, tokens.enterprise)] },
    {
      name: "list, filtered",
      kind: "read",
      target: { ratio: 0.25, p95: 50 },
      requests: [listRequest(data, tokens.enterprise, now)],
    },
    {
      // One request at a time: the time a page takes without queueing behind 49 others (a person at a desk).
      name: "list, filtered, 1 connection",
      kind: "read",
      connections: 1,
      requests: [listRequest(data, tokens.enterprise, now)],
    },
    {
      name: "list, search a code",
      kind: "read",
      requests: [
        {
          method: "GET",
          headers: bearer(tokens.enterprise),
          setupRequest: (request) => ({ ...request, path: `/api/permits?q=${code()}&pageSize=50` }),
        },
      ],
    },
    { name: "create a draft", kind: "write", requests: [createDraft(draft)] },
    {
      // Every other draft to enterprise 2: an enterprise's writes take turns on its own locks (its audit chain, its
      // clash check), never another's, so this route's req/s is at least the one above when the locks bound them,
      // and only the machine's cores can hold it lower (docs/performance.md).
      name: "create a draft, two enterprises at once",
      kind: "write",
      requests: [createDraft(draft), createDraft(draftFor(data.second))],
    },
    {
      name: "verify a sent permit",
      kind: "write",
      maxRequests: remaining.length,
      requests: [
        {
          method: "POST",
          // A signed action: the declaration ticked and the signer's password (docs/performance.md).
          body: JSON.stringify({ declaration: true, password: BENCH_PASSWORD }),
          // Each verify by the next verifier: one person's concurrent signatures are throttled (signer.ts).
          setupRequest: (request) => ({
            ...request,
            headers: { ...bearer(verifier()), "content-type": "application/json" },
            path: `/api/permits/${remaining.pop() ?? verifyFallback}/verify`,
          }),
        },
      ],
    },
  ];
}
