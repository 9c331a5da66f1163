import { type TRole, V } from "@openpermit/shared";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { TContext } from "../context";
import type { TDb } from "../db/client";
import { affiliations, divisions, enterprises, riskMatrices } from "../db/schema";
import { AppError } from "../lib/app-error";
import { found, notFound } from "../lib/not-found";
import { findDivision } from "../modules/divisions/divisions.repository";
import type { TCaller } from "../plugins/auth";
import { supplierScope } from "./contractors";
import { forbidden } from "./refusal";

/**
 * Where in its enterprise a principal's person acts: the whole enterprise, or one division. Every
 * organisation service starts from this, and loads nothing outside it.
 */
export type TOrgScope =
  | { role: "Enterprise"; userId: string; userName: string; enterpriseId: string; enterpriseName: string }
  | {
      role: "SuperResponsible" | "Responsible";
      userId: string;
      userName: string;
      enterpriseId: string;
      enterpriseName: string;
      divisionId: string;
    };

export type TEnterpriseScope = Extract<TOrgScope, { role: "Enterprise" }>;

/** The scopes that edit the organisation: the enterprise and its super-responsibles (a permit manager only reads). */
export type TEditorScope = Exclude<TOrgScope, { role: "Responsible" }>;

/**
 * A contractor (supplier account or employee) reading the configuration of one enterprise its supplier is
 * affiliated with, to fill a permit request. It reads every division's live sectors, and never writes.
 */
export interface TContractorScope {
  role: "Supplier" | "Employee";
  userId: string;
  userName: string;
  supplierId: string;
  enterpriseId: string;
  enterpriseName: string;
}

/** Who reads an enterprise's configuration: its own staff, or an affiliated contractor. */
export type TReadScope = TOrgScope | TContractorScope;

/**
 * The caller's scope, once its enterprise is known to be active: an enterprise the admin disabled (or has
 * not yet approved) closes its organisation to its people at once, even to tokens issued before.
 */
export async function organisationScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  if (!caller.enterpriseId) throw forbidden();
  const enterprise =
    caller.company ??
    (
      await ctx.db
        .select({ name: enterprises.name, status: enterprises.status })
        .from(enterprises)
        .where(eq(enterprises.id, caller.enterpriseId))
    )[0];
  if (!enterprise || enterprise.status === "disabled") throw new AppError("ACCOUNT_DISABLED");
  if (enterprise.status !== "active") throw new AppError("ACCOUNT_INACTIVE");
  const base = {
    userId: caller.id,
    userName: caller.name,
    enterpriseId: caller.enterpriseId,
    enterpriseName: enterprise.name,
  };
  if (caller.role === "Enterprise") return { role: "Enterprise", ...base };
  if ((caller.role === "SuperResponsible" || caller.role === "Responsible") && caller.divisionId) {
    return { role: caller.role, ...base, divisionId: caller.divisionId };
  }
  throw forbidden();
}

/** Divisions a scope sees: all of the enterprise's for the enterprise, its own for a division's people. */
export function visibleDivisions(scope: TOrgScope): SQL {
  const ofEnterprise = eq(divisions.enterpriseId, scope.enterpriseId);
  return scope.role === "Enterprise" ? ofEnterprise : and(ofEnterprise, eq(divisions.id, scope.divisionId))!;
}

/** A division the scope sees (with its counts), or 404: existence itself is private. */
export async function visibleDivision(ctx: TContext, scope: TOrgScope, id: string) {
  return found(await findDivision(ctx.db, and(visibleDivisions(scope), eq(divisions.id, id))!), "division");
}

/** Refuses (404) a division the scope does not see: it names, and puts things in, only those it sees. */
export async function assertDivisionVisible(ctx: TContext, scope: TOrgScope, divisionId: string) {
  const [row] = await ctx.db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(visibleDivisions(scope), eq(divisions.id, divisionId)));
  if (!row) throw notFound("division");
}

/** Refuses (403) a scope that may not edit the organisation: a permit manager only reads. */
export function requireEditor(scope: TOrgScope): asserts scope is TEditorScope {
  if (scope.role === "Responsible") throw forbidden();
}

/** The caller's scope, once it may edit the organisation (the enterprise or a super-responsible; 403 else). */
export async function editorScope(ctx: TContext, caller: TCaller): Promise<TEditorScope> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  return scope;
}

/**
 * Refuses (403) anyone but the enterprise itself: enterprise-wide data is its own to edit (its divisions, its
 * company page, its credits…). The message may say which.
 */
export function requireEnterprise(scope: TReadScope, message?: string): asserts scope is TEnterpriseScope {
  if (scope.role !== "Enterprise") throw forbidden(message);
}

/**
 * The Enterprise account's own enterprise id, straight from the caller (the audit chain is named after it); the
 * route's policy already kept out the rest.
 */
export function requireEnterpriseCaller(caller: TCaller): string {
  if (caller.role !== "Enterprise" || !caller.enterpriseId) throw forbidden();
  return caller.enterpriseId;
}

/** A super-responsible creates permit managers (Responsible) only; the enterprise creates both kinds (403 else). */
export function requireMayCreateManager(scope: TOrgScope, role: TRole): void {
  if (scope.role === "SuperResponsible" && role !== "Responsible") {
    throw forbidden("A super-responsible creates permit managers only.");
  }
}

export const isContractor = (caller: TCaller) => caller.role === "Supplier" || caller.role === "Employee";
const notListed = () => new AppError("COMPANY_NOT_LISTED", "Company not listed.");

/**
 * The scope of a caller that may edit an enterprise's risk configuration (the enterprise, or managers the
 * services allow further). Contractors never edit it (403).
 */
export async function riskScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  if (isContractor(caller)) throw forbidden("Contractors only read an enterprise's configuration.");
  return organisationScope(ctx, caller);
}

/** Whether the enterprise lets its super-responsibles edit the matrix and their division's risk assignments. */
async function superResponsibleMayEdit(ctx: TContext, enterpriseId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ allowed: riskMatrices.superResponsibleMayEdit })
    .from(riskMatrices)
    .where(eq(riskMatrices.enterpriseId, enterpriseId));
  return row?.allowed ?? false;
}

/** Whether a scope may edit the matrix and risk assignments (the latter within its division); contractors never. */
export async function mayEditRiskSetup(ctx: TContext, scope: TReadScope): Promise<boolean> {
  if (scope.role === "Enterprise") return true;
  if (scope.role === "SuperResponsible") return superResponsibleMayEdit(ctx, scope.enterpriseId);
  return false;
}

/** Refuses (403, with the message given) a scope that may not edit the risk matrix or risk assignments. */
export async function requireRiskSetupEditor(ctx: TContext, scope: TReadScope, message: string): Promise<void> {
  if (!(await mayEditRiskSetup(ctx, scope))) throw forbidden(message);
}

/** The active enterprises a supplier is affiliated with now (a detached, denied or invited one is not). */
export const affiliatedEnterprises = (db: TDb, supplierId: string) =>
  db
    .select({ id: affiliations.enterpriseId })
    .from(affiliations)
    .innerJoin(enterprises, eq(enterprises.id, affiliations.enterpriseId))
    .where(
      and(
        eq(affiliations.supplierId, supplierId),
        eq(affiliations.status, "affiliated"),
        eq(enterprises.status, "active"),
      ),
    );

/**
 * The scope of a caller reading an enterprise's configuration (work types, risks, EPIs, what applies, matrix,
 * sectors). Principal staff read their own enterprise: `enterpriseId`, when given, must be it. A contractor
 * names the enterprise (400 without it), which must be one its supplier is affiliated with now (404
 * COMPANY_NOT_LISTED otherwise, the same answer whether it exists or not).
 */
export async function readScope(ctx: TContext, caller: TCaller, enterpriseId: string | undefined): Promise<TReadScope> {
  if (!isContractor(caller)) {
    const scope = await organisationScope(ctx, caller);
    if (enterpriseId !== undefined && enterpriseId !== scope.enterpriseId) throw notListed();
    return scope;
  }
  const contractor = await supplierScope(ctx, caller);
  if (enterpriseId === undefined) {
    throw new AppError("VALIDATION_FAILED", "Name the enterprise whose configuration you read.", {
      enterpriseId: V.invalidValue,
    });
  }
  const [enterprise] = await ctx.db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(
      and(
        eq(enterprises.id, enterpriseId),
        inArray(enterprises.id, affiliatedEnterprises(ctx.db, contractor.supplierId)),
      ),
    );
  if (!enterprise) throw notListed();
  return {
    role: contractor.role,
    userId: contractor.userId,
    userName: contractor.userName,
    supplierId: contractor.supplierId,
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.name,
  };
}
