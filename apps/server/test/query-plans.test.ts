import { type TPermitListQuery, ZPermitListQuerySchema } from "@openpermit/shared";
import { is, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBench } from "../bench/seed";
import type { TPermitParty } from "../src/access/permits";
import { clashQuery, windowOf } from "../src/modules/clashes/detect";
import { countQuery, pageIdsQuery, suppliersNamed } from "../src/modules/permits/list.service";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * The permit list's plans on a realistic table (the bench's seed, 20 000 permits over five enterprises): the
 * service's own queries, EXPLAINed after ANALYZE. A sequential scan of permits is what turns a 10 ms page into
 * a 500 ms one as the table grows (docs/performance.md).
 */

type TPlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: TPlanNode[] };

let t: TTestApp;
let enterprise: TPermitParty;
let sectorId: string;
/** One permit's equipment code (e.g. "QKB", of the tag QKB-1234): what someone looking for a known job types. */
let code: string;

const nodesOf = (node: TPlanNode): TPlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | SQL): Promise<TPlanNode[]> {
  const { sql, params } = is(query, SQL) ? new PgDialect().sqlToQuery(query) : query.toSQL();
  const { rows } = await t.ctx.pool.query<{ "QUERY PLAN": [{ Plan: TPlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    params,
  );
  return nodesOf(rows[0]!["QUERY PLAN"][0].Plan);
}

async function plansOfList(input: TPermitListQuery) {
  const filters = ZPermitListQuerySchema.parse(input);
  const supplierIds = await suppliersNamed(t.ctx, filters);
  // What listPermits runs: with a text search, the page counts its matches itself; without, a count of its own.
  if (filters.q) return planOf(pageIdsQuery(t.ctx, enterprise, filters, supplierIds, true));
  return [
    ...(await planOf(pageIdsQuery(t.ctx, enterprise, filters, supplierIds))),
    ...(await planOf(countQuery(t.ctx, enterprise, filters, supplierIds))),
  ];
}

const seqScansOfPermits = (nodes: TPlanNode[]) =>
  nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "permits");
const trigramScans = (nodes: TPlanNode[]) =>
  nodes
    .filter((n) => n["Node Type"] === "Bitmap Index Scan" && /^permits_\w+_trgm_idx$/.test(n["Index Name"] ?? ""))
    .map((n) => n["Index Name"]);

beforeAll(async () => {
  t = await createTestApp();
  await seedBench(t.ctx.pool, { permits: 20_000, sendedForVerify: 2_000, history: false });
  const { rows } = await t.ctx.pool.query<{ user_id: string; enterprise_id: string; sector_id: string; code: string }>(
    `SELECT u.id AS user_id, u.enterprise_id, (SELECT id FROM sectors WHERE enterprise_id = u.enterprise_id ORDER BY name LIMIT 1) AS sector_id,
       (SELECT substring(task_title from 'tag ([A-Z]{3})-') FROM permits WHERE enterprise_id = u.enterprise_id
         ORDER BY created_at LIMIT 1) AS code
     FROM users u WHERE u.email = 'enterprise-1@bench.openpermit.test'`,
  );
  const row = rows[0]!;
  enterprise = {
    side: "principal",
    role: "Enterprise",
    userId: row.user_id,
    enterpriseId: row.enterprise_id,
    divisionId: null,
  };
  sectorId = row.sector_id;
  code = row.code;
}, 120_000);
afterAll(() => t.close());

describe("the permit list's query plans", () => {
  it("filters by status, sector and period through an index, never a sequential scan of permits", async () => {
    const nodes = await plansOfList({
      status: "sended,Confirmed,Approved",
      sectorId,
      from: new Date(Date.now() - 90 * 86_400_000).toISOString(),
      to: new Date().toISOString(),
    });
    expect(seqScansOfPermits(nodes)).toEqual([]);
  });

  it("searches the text with the trigram indexes", async () => {
    const nodes = await plansOfList({ q: code });
    expect(seqScansOfPermits(nodes)).toEqual([]);
    expect(new Set(trigramScans(nodes))).toEqual(
      new Set(["permits_number_trgm_idx", "permits_title_trgm_idx", "permits_description_trgm_idx"]),
    );
  });

  it("combines the text with the other filters without a sequential scan", async () => {
    const nodes = await plansOfList({ q: "gasket", status: "Ended", sectorId });
    expect(seqScansOfPermits(nodes)).toEqual([]);
  });
});

describe("the clash check's query plan", () => {
  it("finds the overlapping live permits in their window index, not by reading every live permit after a date", async () => {
    // One of the sent permits a month ahead, each with an hour of its own (the bench's verify permits).
    const { rows } = await t.ctx.pool.query<{ id: string }>(
      "SELECT id FROM permits WHERE status = 'sended' AND start_at > now() + interval '7 days' ORDER BY start_at LIMIT 1 OFFSET 1000",
    );
    const permitId = rows[0]!.id;
    const own = await windowOf(t.ctx.db, permitId);
    const nodes = await planOf(clashQuery(permitId, own!));
    expect(seqScansOfPermits(nodes)).toEqual([]);
    const permitIndexes = nodes.filter((n) => n["Index Name"]?.startsWith("permits_")).map((n) => n["Index Name"]);
    expect(permitIndexes).toContain("permits_live_window_idx");
    // Alone: ANDed with an index of the enterprise's permits by date, it would read them all again.
    expect(permitIndexes.filter((name) => name !== "permits_live_window_idx" && name !== "permits_pkey")).toEqual([]);
  });
});
