import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { TContext } from "../context";
import { users } from "../db/schema";
import { found } from "../lib/not-found";
import { findManager } from "../modules/managers/managers.repository";
import type { TEditorScope } from "./organisation";

/**
 * The managers a scope manages, as a condition on `users`: the enterprise its super-responsibles and
 * responsibles, a super-responsible the responsibles of its division. Permit managers manage nobody.
 */
export function managedBy(scope: TEditorScope): SQL {
  const ofEnterprise = eq(users.enterpriseId, scope.enterpriseId);
  if (scope.role === "Enterprise") return and(ofEnterprise, inArray(users.role, ["SuperResponsible", "Responsible"]))!;
  return and(ofEnterprise, eq(users.divisionId, scope.divisionId), eq(users.role, "Responsible"))!;
}

/** One manager the scope manages, or 404: another's, or anyone else, does not exist for it. */
export async function managedManager(ctx: TContext, scope: TEditorScope, id: string) {
  return found(await findManager(ctx.db, and(managedBy(scope), eq(users.id, id))!), "manager");
}
