import { AUDIT_EXPORT_MAX_ROWS, type TAuditEntry, type ZAuditQuerySchema } from "@openpermit/shared";
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { requireEnterpriseCaller } from "../../access/organisation";
import type { TContext } from "../../context";
import { auditLog } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { labelsFor, labelsOf } from "./labels";

type TQuery = z.output<typeof ZAuditQuerySchema>;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The Enterprise's own chain only (its id is the chain's name); the route's policy already kept out the rest. */
function ownChain(caller: TCaller): string {
  return requireEnterpriseCaller(caller);
}

function whereOf(chain: string, query: TQuery): SQL | undefined {
  return and(
    eq(auditLog.chain, chain),
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, nextDay(query.to)) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? ilike(auditLog.actorLabel, `%${escapeLike(query.actor)}%`) : undefined,
  );
}

const columns = {
  seq: auditLog.seq,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorRole: auditLog.actorRole,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  objectType: auditLog.objectType,
  objectId: auditLog.objectId,
  details: auditLog.details,
  ip: auditLog.ip,
};

type TRow = Omit<TAuditEntry, "at" | "labels"> & { at: Date };

/** The rows as entries, each with the names of the ids it holds (labels.ts: one query for them all). */
async function toEntries(ctx: TContext, enterpriseId: string, rows: TRow[]): Promise<TAuditEntry[]> {
  const labels = await labelsOf(ctx.db, enterpriseId, rows);
  return rows.map((row) => ({ ...row, at: row.at.toISOString(), labels: labelsFor(labels, row) }));
}

/** One page of the caller's trail, newest first (seq order is the chain's own order). */
export async function listAudit(ctx: TContext, caller: TCaller, query: TQuery) {
  const chain = ownChain(caller);
  const where = whereOf(chain, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const data = await toEntries(ctx, chain, rows);
  return { data, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

/** The whole filtered trail for an export, newest first, at most AUDIT_EXPORT_MAX_ROWS entries. */
export async function allAudit(ctx: TContext, caller: TCaller, query: TQuery): Promise<TAuditEntry[]> {
  const chain = ownChain(caller);
  const rows = await ctx.db
    .select(columns)
    .from(auditLog)
    .where(whereOf(chain, query))
    .orderBy(desc(auditLog.seq))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  return toEntries(ctx, chain, rows);
}
