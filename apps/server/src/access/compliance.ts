import type { TContext } from "../context";
import type { TCaller } from "../plugins/auth";
import {
  editorScope,
  organisationScope,
  requireEnterprise,
  type TEditorScope,
  type TEnterpriseScope,
  type TOrgScope,
} from "./organisation";

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

/** Who sees where the contractors stand (the compliance view and its export): as who reads the requirements. */
export function overviewReader(ctx: TContext, caller: TCaller): Promise<TEditorScope> {
  return editorScope(ctx, caller);
}

/**
 * Who records a site induction: the principal's staff, a permit manager too (they induct people on site). Which
 * worker and requirement they may name is the enterprise's (compliance/inductions.service.ts: 404 otherwise).
 */
export function inductionRecorder(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  return organisationScope(ctx, caller);
}
