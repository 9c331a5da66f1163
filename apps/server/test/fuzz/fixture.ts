import type { TRole } from "@openpermit/shared";
import type { TContext } from "../../src/context";
import type { TPerson } from "../helpers/factories";
import { post } from "../helpers/http";
import { tokenOf } from "../helpers/organisation";
import { clonePermit, completeDraft, createPermitWorld } from "../helpers/permits";
import type { TTestApp } from "../helpers/test-app";

/**
 * Tables a refused request may legitimately write to: every sign-in attempt is logged (and counted for the
 * throttle), and refusals are part of the audit trail.
 */
export const LOGGING_TABLES = new Set(["auth_attempts", "audit_log"]);

/** URL segments whose `:id` names rows of another table than the segment's own name. */
const SEGMENT_TABLES: Record<string, string> = {
  managers: "users",
  employees: "users",
  contractors: "suppliers",
  "admin/enterprises": "enterprises",
};

/** A tenant with people of every role, permits in several statuses, and the ids the fuzzer fills fields with. */
export async function createFuzzWorld(t: TTestApp) {
  const world = await createPermitWorld(t.ctx);
  const people: Record<TRole, TPerson> = {
    Admin: world.admin,
    Enterprise: world.enterpriseUser,
    SuperResponsible: world.superResponsible,
    Responsible: world.responsible,
    Supplier: world.supplierUser,
    Employee: world.employee,
  };
  const tokens = {} as Record<TRole, string>;
  for (const [role, person] of Object.entries(people)) tokens[role as TRole] = await tokenOf(t.ctx, person);
  const created = await post(t.app, "/api/permits", completeDraft(world), { token: tokens.Supplier });
  if (created.statusCode !== 201) throw new Error(`draft: ${created.statusCode} ${created.body}`);
  const draftId = created.json().data.id as string;
  for (const status of ["sended", "Confirmed", "Approved", "accepted", "In_progress", "Recheck"] as const) {
    await clonePermit(t.ctx, draftId, status);
  }
  const pool = await idPool(t.ctx);
  return { world, people, tokens, idsFor: (field: string, url: string) => idsFor(pool, field, url) };
}
export type TFuzzWorld = Awaited<ReturnType<typeof createFuzzWorld>>;

/** Up to 20 ids of every table that has a uuid `id`, by table name. */
async function idPool(ctx: TContext): Promise<Map<string, string[]>> {
  const { rows: tables } = await ctx.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'id' AND data_type = 'uuid'`,
  );
  const union = tables
    .map(({ table_name }) => `(SELECT '${table_name}' AS t, id::text FROM "${table_name}" LIMIT 20)`)
    .join(" UNION ALL ");
  const { rows } = await ctx.pool.query<{ t: string; id: string }>(union);
  const pool = new Map<string, string[]>();
  for (const { t, id } of rows) pool.set(t, [...(pool.get(t) ?? []), id]);
  return pool;
}

const snake = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replaceAll("-", "_")
    .toLowerCase();

/** Ids for a body or query field (`sectorId`, `riskIds` → sectors) or a path param (`:id` after `/managers`). */
export function idsFor(pool: Map<string, string[]>, fieldName: string, url = ""): readonly string[] {
  let table = snake(fieldName.replace(/Ids?$/, ""));
  if (fieldName === "id" || fieldName === "fileId") {
    const segments = url.split("/").filter((s) => s && s !== "api");
    const param = segments.indexOf(`:${fieldName}`);
    const previous = segments.slice(Math.max(0, param - 2), param).join("/");
    table = SEGMENT_TABLES[previous] ?? SEGMENT_TABLES[segments[param - 1] ?? ""] ?? snake(segments[param - 1] ?? "");
    if (fieldName === "fileId") table = `${snake(segments[0] ?? "").replace(/s$/, "")}_files`;
  }
  const plural = table.endsWith("s") ? table : `${table}s`;
  return pool.get(plural) ?? pool.get(table) ?? [...pool.values()].flat();
}

/**
 * Puts the people and companies back in working order after a route's batch: an accepted "disable",
 * password change or status change must not turn every later route into a 401.
 */
export async function heal(ctx: TContext, w: TFuzzWorld) {
  const people = Object.values(w.people).map((p) => p.id);
  await ctx.pool.query(
    "UPDATE users SET status = 'active', password_changed_at = NULL WHERE id = ANY($1::uuid[]) AND status <> 'active' OR id = ANY($1::uuid[]) AND password_changed_at IS NOT NULL",
    [people],
  );
  await ctx.pool.query("UPDATE enterprises SET status = 'active' WHERE id = $1 AND status <> 'active'", [
    w.world.enterprise.id,
  ]);
  await ctx.pool.query("UPDATE suppliers SET status = 'active' WHERE id = $1 AND status <> 'active'", [
    w.world.supplier.id,
  ]);
}

/**
 * Row counts of every table, in one query. A named (prepared) statement: planning forty counts took several times
 * longer than running them, and the fuzzer takes a snapshot every few dozen requests.
 */
export async function rowCounts(ctx: TContext, tables: readonly string[]): Promise<Record<string, number>> {
  const text = `SELECT ARRAY[${tables.map((t) => `(SELECT count(*) FROM "${t}")`).join(", ")}]::int[] AS n`;
  const { rows } = await ctx.pool.query<{ n: number[] }>({ name: "fuzz-row-counts", text });
  return Object.fromEntries(tables.map((t, i) => [t, rows[0]!.n[i]!]));
}

export async function publicTables(ctx: TContext): Promise<string[]> {
  const { rows } = await ctx.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name).filter((t) => !LOGGING_TABLES.has(t));
}
