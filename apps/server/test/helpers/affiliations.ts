import type { TAffiliationStatus } from "@openpermit/shared";
import type { TContext } from "../../src/context";
import { affiliationEvents, affiliations } from "../../src/db/schema";
import { createSupplierCompany, createUser, type TPerson } from "./factories";

/** A supplier company with its account holder and one employee, all active. */
export async function createSupplierWithPeople(ctx: TContext) {
  const supplier = await createSupplierCompany(ctx);
  return {
    supplier,
    supplierUser: await createUser(ctx, "Supplier", { supplierId: supplier.id }),
    employee: await createUser(ctx, "Employee", { supplierId: supplier.id }),
  };
}

/** An affiliation in `status` with its one event, written straight to the database (the API has its tests). */
export async function affiliate(
  ctx: TContext,
  enterpriseId: string,
  supplierId: string,
  status: TAffiliationStatus = "affiliated",
  actor: TPerson | null = null,
) {
  const [row] = await ctx.db.insert(affiliations).values({ enterpriseId, supplierId, status }).returning();
  await ctx.db.insert(affiliationEvents).values({ affiliationId: row!.id, status, actorId: actor?.id ?? null });
  return row!;
}

/** The affiliation's status between the two, or null. */
export async function affiliationStatus(ctx: TContext, enterpriseId: string, supplierId: string) {
  const { rows } = await ctx.pool.query<{ status: string }>(
    "SELECT status FROM affiliations WHERE enterprise_id = $1 AND supplier_id = $2",
    [enterpriseId, supplierId],
  );
  return rows[0]?.status ?? null;
}
