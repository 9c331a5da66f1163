import {
  complianceBadgeOf,
  type TAdminSupplier,
  type TAdminSupplierProfile,
  type TCompanyStatus,
} from "@openpermit/shared";
import { and, desc, eq, ilike, or } from "drizzle-orm";
import type { TContext } from "../../context";
import { affiliations, enterprises, suppliers } from "../../db/schema";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { companyStandingsAcross } from "../compliance/standing";
import { disableCompany, enableCompany } from "./company-status";
import { findAdminSupplier, listAdminSuppliers, type TAdminSupplierRow } from "./suppliers.repository";

const toAdminSupplier = (row: TAdminSupplierRow): TAdminSupplier => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function load(ctx: TContext, id: string): Promise<TAdminSupplier> {
  const row = await findAdminSupplier(ctx.db, id);
  if (!row) throw notFound("supplier");
  return toAdminSupplier(row);
}

/** Every supplier of the platform, by name; `q` searches name and e-mail. */
export async function listSuppliers(
  ctx: TContext,
  query: { q?: string | undefined; status?: TCompanyStatus | undefined; page: number; pageSize: number },
) {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    query.status ? eq(suppliers.status, query.status) : undefined,
    query.q && pattern
      ? or(containsIgnoringAccents(suppliers.name, query.q), ilike(suppliers.email, pattern))
      : undefined,
  );
  const { rows, total } = await listAdminSuppliers(ctx.db, where, query);
  return pageOf(rows.map(toAdminSupplier), query, total);
}

export async function disableSupplier(ctx: TContext, caller: TCaller, id: string) {
  await disableCompany(ctx, caller, "supplier", id);
  return load(ctx, id);
}

export async function enableSupplier(ctx: TContext, caller: TCaller, id: string) {
  await enableCompany(ctx, caller, "supplier", id);
  return load(ctx, id);
}

/**
 * A contractor as the admin supports it: its company, each principal it has dealt with (latest first) and where its
 * company documents stand with each today. A fixed number of queries whatever the number of principals.
 */
export async function getSupplierProfile(ctx: TContext, id: string, now: Date): Promise<TAdminSupplierProfile> {
  const [summary, [contact], principals] = await Promise.all([
    findAdminSupplier(ctx.db, id),
    ctx.db
      .select({ address: suppliers.address, website: suppliers.website })
      .from(suppliers)
      .where(eq(suppliers.id, id)),
    ctx.db
      .select({
        enterpriseId: enterprises.id,
        enterpriseName: enterprises.name,
        status: affiliations.status,
        since: affiliations.updatedAt,
      })
      .from(affiliations)
      .innerJoin(enterprises, eq(enterprises.id, affiliations.enterpriseId))
      .where(eq(affiliations.supplierId, id))
      .orderBy(desc(affiliations.updatedAt)),
  ]);
  if (!summary || !contact) throw notFound("supplier");
  const standings = await companyStandingsAcross(
    ctx.db,
    id,
    principals.map((p) => p.enterpriseId),
    now,
  );
  return {
    ...toAdminSupplier(summary),
    ...contact,
    principals: principals.map((p) => {
      const { lines, required } = standings.get(p.enterpriseId) ?? { lines: [], required: new Set<string>() };
      return {
        enterprise: { id: p.enterpriseId, name: p.enterpriseName },
        status: p.status,
        since: p.since.toISOString(),
        compliance: complianceBadgeOf(lines.filter((l) => required.has(l.requirementId))),
        documents: lines.map((l) => ({
          requirement: l.requirementName,
          required: required.has(l.requirementId),
          standing: l.standing,
          validUntil: l.validUntil,
        })),
      };
    }),
  };
}
