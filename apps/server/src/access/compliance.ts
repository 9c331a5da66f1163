import type { TContext } from "../context";
import type { TCaller } from "../plugins/auth";
import { editorScope, requireEnterprise, type TEditorScope, type TEnterpriseScope } from "./organisation";

/**
 * The enterprise's compliance requirements and reminder days (docs/decisions.md, "Who sets compliance
 * requirements"): its SuperResponsibles read them (they review evidence against them), only its Enterprise account
 * sets them (a permit manager: 403).
 */
export function requirementsReader(ctx: TContext, caller: TCaller): Promise<TEditorScope> {
  return editorScope(ctx, caller);
}

/** The Enterprise account that sets its requirements and reminders (403 to everyone else). */
export async function requirementsOwner(ctx: TContext, caller: TCaller): Promise<TEnterpriseScope> {
  const scope = await editorScope(ctx, caller);
  requireEnterprise(scope, "Only the enterprise sets its compliance requirements.");
  return scope;
}
