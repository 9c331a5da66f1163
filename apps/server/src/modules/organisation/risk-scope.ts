import { V } from "@openpermit/shared";
import { type AnyColumn, and, eq, inArray, type SQL } from "drizzle-orm";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { affiliations, enterprises } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { supplierScope } from "../affiliations/affiliation-scope";
import { organisationScope, type TOrgScope } from "./scope";

export type TEnterpriseScope = Extract<TOrgScope, { role: "Enterprise" }>;

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

export const isContractor = (caller: TCaller) => caller.role === "Supplier" || caller.role === "Employee";
const notListed = () => new AppError("COMPANY_NOT_LISTED", "Company not listed.");

/**
 * The scope of a caller that may edit an enterprise's risk configuration (the enterprise, or managers the
 * services allow further). Contractors never edit it (403).
 */
export async function riskScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  if (isContractor(caller)) throw new AppError("FORBIDDEN", "Contractors only read an enterprise's configuration.");
  return organisationScope(ctx, caller);
}

/** The active enterprises a supplier is affiliated with now (a detached, denied or invited one is not). */
const affiliatedEnterprises = (db: TDb, supplierId: string) =>
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

/**
 * For images served by URL (a logogram, a sector map), whose URLs name no enterprise: a contractor reads those
 * of any enterprise its supplier is affiliated with now. The condition on the owner's enterprise column.
 */
export async function contractorEnterprises(ctx: TContext, caller: TCaller, column: AnyColumn): Promise<SQL> {
  const contractor = await supplierScope(ctx, caller);
  return inArray(column, affiliatedEnterprises(ctx.db, contractor.supplierId));
}

/** Refuses (403) anyone but the enterprise itself: enterprise-wide data is its own to edit. */
export function requireEnterprise(scope: TReadScope): asserts scope is TEnterpriseScope {
  if (scope.role !== "Enterprise") throw new AppError("FORBIDDEN", "You may not do this.");
}
