import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { affiliations, suppliers } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { organisationScope } from "../organisation/scope";
import { supplierScope } from "./supplier-scope";

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
