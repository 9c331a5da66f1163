import type { TAdminEnterprise, TAdminEnterpriseProfile, TCompanyStatus } from "@openpermit/shared";
import { and, eq, ilike, or } from "drizzle-orm";
import type { TContext } from "../../context";
import { enterprises } from "../../db/schema";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { disableCompany, enableCompany } from "./company-status";
import {
  findAdminEnterprise,
  findEnterpriseDetails,
  listAdminEnterprises,
  type TAdminEnterpriseRow,
} from "./enterprises.repository";

const toAdminEnterprise = (row: TAdminEnterpriseRow): TAdminEnterprise => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function load(ctx: TContext, id: string): Promise<TAdminEnterprise> {
  const row = await findAdminEnterprise(ctx.db, id);
  if (!row) throw notFound("enterprise");
  return toAdminEnterprise(row);
}

/** Every enterprise of the platform, by name; `q` searches name and e-mail. */
export async function listEnterprises(
  ctx: TContext,
  query: { q?: string | undefined; status?: TCompanyStatus | undefined; page: number; pageSize: number },
) {
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    query.status ? eq(enterprises.status, query.status) : undefined,
    query.q && pattern
      ? or(containsIgnoringAccents(enterprises.name, query.q), ilike(enterprises.email, pattern))
      : undefined,
  );
  const { rows, total } = await listAdminEnterprises(ctx.db, where, query);
  return pageOf(rows.map(toAdminEnterprise), query, total);
}

export async function getEnterpriseProfile(ctx: TContext, id: string): Promise<TAdminEnterpriseProfile> {
  const [summary, details] = await Promise.all([load(ctx, id), findEnterpriseDetails(ctx.db, id)]);
  if (!details) throw notFound("enterprise");
  return { ...summary, ...details };
}

export async function disableEnterprise(ctx: TContext, caller: TCaller, id: string) {
  await disableCompany(ctx, caller, "enterprise", id);
  return load(ctx, id);
}

export async function enableEnterprise(ctx: TContext, caller: TCaller, id: string) {
  await enableCompany(ctx, caller, "enterprise", id);
  return load(ctx, id);
}
