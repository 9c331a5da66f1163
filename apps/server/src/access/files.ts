import { type AnyColumn, and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { affiliations, suppliers } from "../db/schema";
import type { TCaller } from "../plugins/auth";
import { supplierScope } from "./contractors";
import { affiliatedEnterprises, organisationScope } from "./organisation";

/**
 * Who may see a supplier's logo, as a condition on `suppliers`: its own people, the admin, and the staff of
 * a principal that has an affiliation row with it (any status: a detached contractor's history still shows
 * its logo). Everyone else gets the same 404 as for a supplier without a logo: existence stays private.
 */
export async function logoVisibleTo(ctx: TContext, caller: TCaller): Promise<SQL> {
  switch (caller.role) {
    case "Admin":
      return sql`true`;
    case "Supplier":
    case "Employee": {
      const scope = await supplierScope(ctx, caller);
      return eq(suppliers.id, scope.supplierId);
    }
    case "Enterprise":
    case "SuperResponsible":
    case "Responsible": {
      const scope = await organisationScope(ctx, caller);
      return exists(
        ctx.db
          .select({ one: sql`1` })
          .from(affiliations)
          .where(
            and(
              sql`${affiliations.supplierId} = ${sql.identifier("suppliers")}.${sql.identifier("id")}`,
              eq(affiliations.enterpriseId, scope.enterpriseId),
            ),
          ),
      );
    }
  }
}

/**
 * For images served by URL (a logogram, a sector map), whose URLs name no enterprise: a contractor reads those
 * of any enterprise its supplier is affiliated with now. The condition on the owner's enterprise column.
 */
export async function contractorEnterprises(ctx: TContext, caller: TCaller, column: AnyColumn): Promise<SQL> {
  const contractor = await supplierScope(ctx, caller);
  return inArray(column, affiliatedEnterprises(ctx.db, contractor.supplierId));
}
