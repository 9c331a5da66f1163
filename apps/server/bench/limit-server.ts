import { createHash } from "node:crypto";
import Fastify, { type FastifyReply } from "fastify";
import pg from "pg";
import { entryHash, GENESIS_HASH } from "../src/modules/audit/audit-hash";
import { containing, listQueryOf, pageIdsStatement } from "./limit-list";
import { insertNotifications, SQL } from "./limit-sql";

/**
 * The bench's "limit" (docs/performance.md): for each benched route, the app's own statements (limit-sql.ts) on a
 * bare Fastify and a `pg` pool of the app's size, with no plugins, auth check, validation or serialisation — what
 * answering costs PostgreSQL and a minimal Node around it. Each route is then reported as a fraction of it.
 * Only the bench's callers are handled (the Enterprise account reads, a Supplier drafts, a Responsible verifies).
 * Run by the bench as a child process: DATABASE_URL, PORT, POOL_SIZE.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
  application_name: "openpermit-bench-limit",
});
pool.on("error", () => undefined);

// As drizzle reads them: times and dates stay PostgreSQL's text, bigints are numbers (db/client.ts).
const RAW = new Set([1082, 1114, 1184, 1186]);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    RAW.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

type TDb = pg.Pool | pg.PoolClient;
type TRow = unknown[];

/** A statement as the app sends it: named (prepared once per connection) or unnamed; rows as arrays, as drizzle. */
async function run(db: TDb, text: string, values: unknown[], name?: string) {
  return db.query<TRow>({ ...(name ? { name } : {}), text, values, rowMode: "array", types });
}

/** The value of the named column in a row (the statements' columns are named by PostgreSQL). */
function field(result: pg.QueryResult<TRow>, row: TRow | undefined, column: string): unknown {
  const index = result.fields.findIndex((f) => f.name === column);
  return index < 0 || !row ? undefined : row[index];
}

/** The caller as the token says (its payload read, not verified: the limit trusts the bench) and the app's lookup. */
async function callerOf(db: TDb, authorization: string | undefined) {
  const token = authorization?.slice(7) ?? "";
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}") as {
    certserialnumber?: string;
    sid?: string;
  };
  const result = await run(db, SQL.authCaller, [payload.sid ?? null, payload.certserialnumber, 1], "p_auth_caller");
  const row = result.rows[0];
  if (!row) throw new Error("No such caller");
  return {
    id: row[0] as string,
    email: row[1] as string,
    name: row[2] as string,
    role: row[3] as string,
    enterpriseId: row[6] as string | null,
    divisionId: row[7] as string | null,
    supplierId: row[8] as string | null,
    sessionId: payload.sid,
  };
}
type TLimitCaller = Awaited<ReturnType<typeof callerOf>>;

/** The whole permit for the bench's three callers, with the parameters the app binds for each. */
function wholePermit(db: TDb, caller: TLimitCaller, permitId: string) {
  const me = caller.id;
  if (caller.role === "Enterprise") {
    const values = [caller.enterpriseId, "pending", "Recheck", me, caller.enterpriseId, me, me, me, me, "pending"];
    return run(db, SQL.wholePermitEnterprise, [...values, permitId], "p_whole_permit_principal_Enterprise_all");
  }
  if (caller.role === "Supplier") {
    const values = [caller.supplierId, "pending", "Recheck", me, me, me, me, me, caller.supplierId];
    return run(db, SQL.wholePermitSupplier, [...values, permitId], "p_whole_permit_contractor_Supplier");
  }
  const values = [caller.enterpriseId, "pending", "Recheck", me, me, me, me, me, caller.enterpriseId];
  return run(
    db,
    SQL.wholePermitResponsible,
    [...values, caller.divisionId, "pending", permitId],
    "p_whole_permit_principal_Responsible_division",
  );
}

/** A transaction on one connection, as the app's `inTransaction` (db/client.ts). */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header("content-type", "application/json; charset=utf-8").send(JSON.stringify(body));

const app = Fastify({ logger: false });

app.get("/api/health", async (_request, reply) => send(reply, 200, { status: "ok" }));
app.get("/api/ping", async (_request, reply) => send(reply, 200, { data: "pong" }));

app.get<{ Params: { id: string } }>("/api/permits/:id", async (request, reply) => {
  const caller = await callerOf(pool, request.headers.authorization);
  const { rows } = await wholePermit(pool, caller, request.params.id);
  return rows[0] ? send(reply, 200, { data: rows[0] }) : send(reply, 404, { error: "NOT_FOUND" });
});

app.get("/api/permits", async (request, reply) => {
  const caller = await callerOf(pool, request.headers.authorization);
  const query = listQueryOf(new URL(request.url, "http://limit").searchParams);
  const suppliers = query.q ? (await run(pool, SQL.suppliersNamed, [containing(query.q)])).rows.map((r) => r[0]) : [];
  const page = pageIdsStatement({ id: caller.id, enterpriseId: caller.enterpriseId! }, query, suppliers as string[]);
  const ids = await run(pool, page.text, page.values);
  const order = new Map(ids.rows.map((r, i) => [r[0], i]));
  const summaries = ids.rows.length
    ? (
        await run(
          pool,
          SQL.permitSummariesByIds,
          ["pending", "Recheck", [...order.keys()]],
          "p_permit_summaries_by_ids_principal",
        )
      ).rows
    : [];
  // In the page's order, as the app answers (the summaries come back in no particular order).
  summaries.sort((a, b) => order.get(a[0])! - order.get(b[0])!);
  return send(reply, 200, { data: summaries, total: ids.rows[0]?.[1] ?? 0 });
});

// The write routes keep the app's transactions (docs/performance.md, "The limit"): the checks it reads before, its
// transaction(s), the read-back after. The verify's signing attempt commits on its own, as in the app: its lock is
// the person's, and held through the whole verify it would serialise every signature of that person.
app.post<{
  Body: { enterpriseId: string; sectorId: string; workTypeId: string; taskTitle: string; jobDescription: string };
}>("/api/permits", async (request, reply) => {
  const draft = request.body;
  const caller = await callerOf(pool, request.headers.authorization);
  await run(pool, SQL.affiliation, [draft.enterpriseId, caller.supplierId]);
  const sector = await run(pool, SQL.sectorOf, [draft.sectorId, draft.enterpriseId]);
  await run(pool, SQL.workTypeOf, [draft.workTypeId, draft.enterpriseId]);
  const id = await inTransaction(async (db) => {
    await run(db, SQL.affiliation, [draft.enterpriseId, caller.supplierId]);
    const answers = { jsaComplete: null, newRiskPossible: null, qualificationsAndTools: null };
    const inserted = await run(db, SQL.insertPermit, [
      draft.enterpriseId,
      sector.rows[0]?.[0],
      draft.sectorId,
      null,
      draft.workTypeId,
      caller.supplierId,
      false,
      caller.id,
      "pending",
      draft.taskTitle,
      draft.jobDescription,
      "",
      "",
      "",
      null,
      null,
      null,
      null,
      answers,
      "",
    ]);
    const id = inserted.rows[0]![0] as string;
    for (const text of [SQL.deleteRisks, SQL.deleteSpecificRisks, SQL.deleteEpis, SQL.deleteChecklist]) {
      await run(db, text, [id]);
    }
    await run(db, SQL.insertCreateEvent, [id, "create", null, "pending", caller.id]);
    await run(db, SQL.crewOf, [id]);
    await run(db, SQL.deleteCrewNotIn, [id, []]);
    return id;
  });
  return send(reply, 201, { data: (await wholePermit(pool, caller, id)).rows[0] });
});

const DECLARATION =
  "I have examined this permit and the place of work: the hazards are identified, the precautions stated are adequate and in place, and the work may proceed under these conditions.";
const FINISHED_KINDS = [
  "permit.sent",
  "permit.verified",
  "permit.recheck",
  "permit.approved",
  "permit.startsSoon",
  "permit.overdue",
  "permit.overdueEscalated",
  "permit.waitingEscalated",
];

app.post<{ Params: { id: string } }>("/api/permits/:id/verify", async (request, reply) => {
  const permitId = request.params.id;
  const caller = await callerOf(pool, request.headers.authorization);
  const me = caller.id;
  const enterpriseId = caller.enterpriseId!;
  const read = await run(
    pool,
    SQL.permitResponsible,
    ["pending", "Recheck", me, me, me, me, me, enterpriseId, caller.divisionId, "pending", permitId],
    "p_permit_principal_Responsible_division",
  );
  const row = read.rows[0];
  if (!row) return send(reply, 404, { error: "NOT_FOUND" });
  // The signer's password: the attempt reserved, the hash read, the attempt settled (argon2 itself is app work).
  const attempt = await inTransaction(async (db) => {
    await run(db, SQL.advisoryLock, [`signature:${me}`]);
    await run(db, SQL.signingFailures, [15, me, "signature", "failure", 15, me]);
    return run(db, SQL.insertAttempt, [caller.email, request.ip, me, "failure", "checking", "signature"]);
  });
  await run(pool, SQL.passwordHash, [me]);
  await run(pool, SQL.settleAttempt, ["success", "ok", attempt.rows[0]![0]]);
  const whole = await wholePermit(pool, caller, permitId);
  const contentHash = createHash("sha256").update(JSON.stringify(whole.rows[0])).digest("hex");
  const to = field(read, row, "level_flow") === "verify" ? "Approved" : "Confirmed";
  const now = new Date();
  const status = await inTransaction(async (db) => {
    const moved = await run(db, SQL.movePermit, [to, me, now, now, permitId, "sended", me]);
    if (moved.rowCount === 0) return 409;
    await run(db, SQL.insertSignature, [permitId, "verify", me, now, "en", DECLARATION, contentHash]);
    await run(db, SQL.insertActionEvent, [permitId, "verify", "sended", to, me, null, now]);
    await run(db, SQL.finishNotifications, [permitId, ...FINISHED_KINDS]);
    const told = await run(db, SQL.recipients, [
      [permitId],
      true,
      true,
      true,
      false,
      to === "Confirmed",
      false,
      false,
      false,
      [],
      false,
      me,
    ]);
    const documentNumber = field(read, row, "document_number");
    const taskTitle = field(read, row, "task_title");
    const params = { remark: null, status: to, actorName: caller.name, taskTitle, documentNumber };
    const link = `/permit/${permitId}`;
    const people = told.rows.map((r) => ({ id: r[1] as string, email: r[2] as string, muted: r[7] as string[] }));
    if (people.length > 0) {
      const values = people.flatMap((p) => [p.id, "permit.verified", params, link, permitId]);
      const notes = await run(db, insertNotifications(people.length), values);
      const subject = `OpenPermit: “${caller.name}” verified permit ${documentNumber} “${taskTitle}”.`;
      for (const person of people.filter((p) => !p.muted?.includes("permit.verified"))) {
        const data = { to: person.email, subject, text: `${subject}\n\nOpen the permit: ${link}\n\n— OpenPermit` };
        await run(db, SQL.insertJob, [null, "email.send", data, 0, null, null, null, 0, ...Array(11).fill(null)]);
      }
      await run(db, SQL.notify, ["openpermit_notifications", JSON.stringify(notes.rows.map((r) => [r[1], r[0]]))]);
    }
    await run(db, SQL.advisoryLock, [`clashes:${enterpriseId}`]);
    const window = (await run(db, SQL.clashWindow, [permitId])).rows[0]!;
    const [start, end] = [window[1], window[2]];
    const clashes = await run(db, SQL.clashes, [permitId, window[0], permitId, start, end, start, end, end, start]);
    if (clashes.rows.length > 0) throw Object.assign(new Error("CLASHES_UNACKNOWLEDGED"), { statusCode: 409 });
    await run(db, SQL.advisoryLock, [`audit:${enterpriseId}`]);
    const last = await run(db, SQL.auditLast, [enterpriseId, 1]);
    const entry = {
      chain: enterpriseId,
      seq: Number(last.rows[0]?.[0] ?? 0) + 1,
      at: new Date(),
      actorId: me,
      actorRole: caller.role,
      actorLabel: caller.email,
      enterpriseId,
      action: "permit.verify",
      objectType: "permit",
      objectId: permitId,
      details: { to, from: "sended" },
      ip: request.ip,
      prevHash: (last.rows[0]?.[1] as string | undefined) ?? GENESIS_HASH,
    };
    // The audit chain's hash, as the app computes it (its entries stay verifiable after a bench).
    await run(db, SQL.insertAudit, [...Object.values(entry), entryHash(entry)]);
    return 200;
  });
  if (status !== 200) return send(reply, status, { error: "CONFLICT" });
  return send(reply, 200, { data: (await wholePermit(pool, caller, permitId)).rows[0] });
});

app.setErrorHandler((error, _request, reply) => {
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  send(reply, status, { error: error instanceof Error ? error.message : String(error) });
});

const port = Number(process.env.PORT ?? 3412);
await app.listen({ host: "127.0.0.1", port });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
