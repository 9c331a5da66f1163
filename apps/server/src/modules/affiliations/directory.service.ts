import type { TAffiliationStatus, TDirectoryEnterprise, TPrincipal } from "@openpermit/shared";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { supplierAccountScope, supplierScope } from "../../access/contractors";
import type { TContext } from "../../context";
import { affiliations, enterprises } from "../../db/schema";
import { containsIgnoringAccents } from "../../lib/like-pattern";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";

/**
 * GET /api/enterprise-directory: the active enterprises a supplier may ask to work for, by name, each with
 * the supplier's own affiliation status (one join on the (enterprise, supplier) unique index).
 */
export async function enterpriseDirectory(
  ctx: TContext,
  caller: TCaller,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const scope = await supplierAccountScope(ctx, caller);
  const where = and(
    eq(enterprises.status, "active"),
    query.q ? containsIgnoringAccents(enterprises.name, query.q) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: enterprises.id, name: enterprises.name, affiliationStatus: affiliations.status })
      .from(enterprises)
      .leftJoin(
        affiliations,
        and(eq(affiliations.enterpriseId, enterprises.id), eq(affiliations.supplierId, scope.supplierId)),
      )
      .where(where)
      .orderBy(asc(sql`lower(${enterprises.name})`), asc(enterprises.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(enterprises).where(where),
  ]);
  const data: TDirectoryEnterprise[] = rows.map((r) => ({ ...r, affiliationStatus: r.affiliationStatus ?? null }));
  return pageOf(data, query, total?.n ?? 0);
}

/**
 * GET /api/principals: the enterprises the caller's supplier has an affiliation with (any status unless
 * filtered), by name. An enterprise the admin disabled is left out: no work can be done for it.
 */
export async function listPrincipals(
  ctx: TContext,
  caller: TCaller,
  query: { status?: TAffiliationStatus | undefined; page: number; pageSize: number },
) {
  const scope = await supplierScope(ctx, caller);
  const where: SQL = and(
    eq(affiliations.supplierId, scope.supplierId),
    eq(enterprises.status, "active"),
    query.status ? eq(affiliations.status, query.status) : undefined,
  )!;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        enterprise: { id: enterprises.id, name: enterprises.name },
        status: affiliations.status,
        since: affiliations.updatedAt,
      })
      .from(affiliations)
      .innerJoin(enterprises, eq(enterprises.id, affiliations.enterpriseId))
      .where(where)
      .orderBy(asc(sql`lower(${enterprises.name})`), asc(enterprises.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({ n: count() })
      .from(affiliations)
      .innerJoin(enterprises, eq(enterprises.id, affiliations.enterpriseId))
      .where(where),
  ]);
  const data: TPrincipal[] = rows.map((r) => ({ ...r, since: r.since.toISOString() }));
  return pageOf(data, query, total?.n ?? 0);
}
