import type { TAdminSupplier, TCompanyStatus } from "@openpermit/shared";
import { and, eq, ilike, or } from "drizzle-orm";
import type { TContext } from "../../context";
import { suppliers } from "../../db/schema";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
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
