import type { TContext } from "../context";
import type { TCaller } from "../plugins/auth";
import { supplierAccountScope, type TSupplierScope } from "./contractors";
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

/**
 * Who gives evidence: a Supplier account, for its company and its own workers (an Employee does not: the company
 * answers for what it sends). To which enterprise is the service's check (invited, requested or affiliated).
 */
export function evidenceGiver(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  return supplierAccountScope(ctx, caller);
}

/**
 * Who reads the requirements asked of a contractor (GET /api/compliance/requirements/asked): its Supplier account,
 * the one that gives evidence; which enterprises' is the service's (invited, requested or affiliated).
 */
export function askedRequirementsReader(ctx: TContext, caller: TCaller): Promise<TSupplierScope> {
  return supplierAccountScope(ctx, caller);
}

/** Who reviews evidence: the enterprise and its SuperResponsibles, for their own enterprise only. */
export function evidenceReviewer(ctx: TContext, caller: TCaller): Promise<TEditorScope> {
  return editorScope(ctx, caller);
}

/** Who reads evidence: the side that gave it (its Supplier account) or the side that reviews it; nobody else. */
export type TEvidenceReader = { side: "supplier"; supplierId: string } | { side: "principal"; enterpriseId: string };

export async function evidenceReader(ctx: TContext, caller: TCaller): Promise<TEvidenceReader> {
  if (caller.role === "Supplier")
    return { side: "supplier", supplierId: (await evidenceGiver(ctx, caller)).supplierId };
  return { side: "principal", enterpriseId: (await evidenceReviewer(ctx, caller)).enterpriseId };
}
