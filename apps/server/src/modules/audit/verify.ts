import type pg from "pg";
import { entryHash, GENESIS_HASH, type THashedEntry } from "./audit-hash";

export type TBreakKind = "altered" | "missing" | "reordered";

export interface TChainReport {
  chain: string;
  checked: number;
  /** The first break found, if any: at which seq, and what (its content changed, an entry is gone, a link is off). */
  firstBreak: { seq: number; kind: TBreakKind } | null;
}

const PAGE = 1000;

interface TRow extends THashedEntry {
  hash: string;
}

const SELECT = `SELECT chain, seq, at, actor_id AS "actorId", actor_role AS "actorRole", actor_label AS "actorLabel",
  enterprise_id AS "enterpriseId", action, object_type AS "objectType", object_id AS "objectId", details, ip,
  prev_hash AS "prevHash", hash
  FROM audit_log WHERE chain = $1 AND seq > $2 ORDER BY seq LIMIT ${PAGE}`;

/** Walks one chain in seq order, a page at a time (keyset on the (chain, seq) index), until its first break. */
async function verifyChain(pool: pg.Pool, chain: string): Promise<TChainReport> {
  let checked = 0;
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  for (;;) {
    const { rows } = await pool.query<TRow>(SELECT, [chain, expectedSeq - 1]);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { chain, checked, firstBreak: { seq: expectedSeq, kind: "missing" } };
      if (entryHash({ ...row, seq }) !== row.hash) return { chain, checked, firstBreak: { seq, kind: "altered" } };
      if (row.prevHash !== previousHash) return { chain, checked, firstBreak: { seq, kind: "reordered" } };
      checked += 1;
      expectedSeq += 1;
      previousHash = row.hash;
    }
    if (rows.length < PAGE) return { chain, checked, firstBreak: null };
  }
}

/**
 * Recomputes every chain's hashes and checks its seq continuity and links; one report per chain (a broken chain does
 * not stop the others). What it cannot see: entries removed from a chain's end leave no gap behind them.
 */
export async function verifyAuditChains(pool: pg.Pool): Promise<TChainReport[]> {
  const { rows } = await pool.query<{ chain: string }>("SELECT DISTINCT chain FROM audit_log ORDER BY chain");
  const reports: TChainReport[] = [];
  // One chain after another: memory holds one page, whatever the trail's size.
  for (const { chain } of rows) reports.push(await verifyChain(pool, chain));
  return reports;
}
