import {
  AFFILIATION_RESTARTABLE,
  complianceBadgeOf,
  type TAffiliationDemand,
  type TContractorProfile,
  type TContractorSummary,
} from "@openpermit/shared";
import { and, eq, ilike, inArray, or } from "drizzle-orm";
import { principalEditorScope, principalScope } from "../../access/affiliations";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { affiliations, permits, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { companyStandings } from "../compliance/standing";
import { supplierLogoUrl } from "../contractor-accounts/supplier-company.service";
import { toIcon } from "../epis/epis.service";
import { spendMailAllowance } from "../mail/mail-allowance";
import { affiliationPending, alreadyAffiliated, recordEvent } from "./affiliation-state";
import {
  affiliationHistory,
  contractorsOf,
  employeeNames,
  findContractor,
  listContractors as listRows,
  type TContractorRow,
} from "./contractors.repository";
import { demandById, inviteSupplier } from "./invitations.service";

const notListed = () => new AppError("CONTRACTOR_OR_COMPANY_NOT_LISTED", "Contractor or company not listed.");

type TBadges = Map<string, TContractorSummary["compliance"]>;

/** The compliance badge of each of these contractors, in a fixed number of queries (companyStandings). */
async function badgesOf(ctx: TContext, enterpriseId: string, supplierIds: string[]): Promise<TBadges> {
  const { lines, required } = await companyStandings(ctx.db, enterpriseId, supplierIds, new Date());
  return new Map(
    supplierIds.map((id) => [
      id,
      complianceBadgeOf((lines.get(id) ?? []).filter((l) => required.has(l.requirementId))),
    ]),
  );
}

function toSummary(row: TContractorRow, badges: TBadges): TContractorSummary {
  const { supplier, logo, affiliation } = row;
  return {
    id: supplier.id,
    name: supplier.name,
    email: supplier.email,
    phone: supplier.phone,
    logo: logo ? toIcon(supplierLogoUrl(supplier.id, logo.id), logo) : null,
    affiliationStatus: affiliation.status as TContractorSummary["affiliationStatus"],
    since: affiliation.since.toISOString(),
    employeeCount: row.employeeCount,
    compliance: badges.get(supplier.id) ?? complianceBadgeOf([]),
  };
}

export async function listContractors(
  ctx: TContext,
  caller: TCaller,
  query: {
    q?: string | undefined;
    status?: TContractorSummary["affiliationStatus"] | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await principalScope(ctx, caller);
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    contractorsOf(scope.enterpriseId),
    query.status ? eq(affiliations.status, query.status) : undefined,
    query.q && pattern
      ? or(containsIgnoringAccents(suppliers.name, query.q), ilike(suppliers.email, pattern))
      : undefined,
  )!;
  const { rows, total } = await listRows(ctx.db, where, query);
  const badges = await badgesOf(
    ctx,
    scope.enterpriseId,
    rows.map((r) => r.supplier.id),
  );
  return pageOf(
    rows.map((r) => toSummary(r, badges)),
    query,
    total,
  );
}

async function profileOf(ctx: TContext, enterpriseId: string, supplierId: string): Promise<TContractorProfile> {
  const row = await findContractor(ctx.db, and(contractorsOf(enterpriseId), eq(affiliations.supplierId, supplierId))!);
  if (!row) throw notListed();
  const [employees, history, badges] = await Promise.all([
    employeeNames(ctx.db, supplierId),
    affiliationHistory(ctx.db, row.affiliation.id),
    badgesOf(ctx, enterpriseId, [supplierId]),
  ]);
  return {
    ...toSummary(row, badges),
    address: row.supplier.address,
    website: row.supplier.website,
    employees,
    history: history.map((event) => ({
      id: event.id,
      status: event.status,
      at: event.at.toISOString(),
      remark: event.remark,
      actor: event.actor,
    })),
  };
}

export async function getContractor(ctx: TContext, caller: TCaller, supplierId: string) {
  const scope = await principalScope(ctx, caller);
  return profileOf(ctx, scope.enterpriseId, supplierId);
}

/**
 * A detach must not leave work on site without anyone able to close it out: refused (409 CONTRACTOR_HAS_LIVE_WORK,
 * naming the permits) while the contractor has work in progress there (started, suspended or awaiting its
 * hand-back); the enterprise first has it closed out and handed back, or cancels it. Its approved and accepted
 * permits stay, inert (no contractor action, no start; they expire with their window). Called after the
 * affiliation's UPDATE: the permits are locked, so a start that raced it (the contractor's, a manager's or the
 * scheduler's) is seen once committed, and a later one sees the detach (access/live-contractor.ts).
 */
async function refuseLiveWork(tx: TDb, enterpriseId: string, supplierId: string) {
  const live = await tx
    .select({ status: permits.status, number: permits.documentNumber })
    .from(permits)
    .where(
      and(
        eq(permits.enterpriseId, enterpriseId),
        eq(permits.supplierId, supplierId),
        inArray(permits.status, ["accepted", "In_progress"]),
      ),
    )
    .for("update");
  const working = live.filter((p) => p.status === "In_progress");
  if (working.length === 0) return;
  throw new AppError("CONTRACTOR_HAS_LIVE_WORK", "This contractor has work in progress here.", undefined, {
    details: { permits: working.map((p) => p.number ?? "—").join(", ") },
  });
}

/**
 * Ends an affiliation (it stays listed as detached, with its history); 409 unless it is affiliated, or while its
 * work is in progress (`refuseLiveWork`).
 */
export async function detachContractor(
  ctx: TContext,
  caller: TCaller,
  supplierId: string,
  remark: string | undefined,
): Promise<TContractorProfile> {
  const scope = await principalEditorScope(ctx, caller);
  await profileOf(ctx, scope.enterpriseId, supplierId);
  const detached = await inTransaction(ctx.pool, async (tx) => {
    const [row] = await tx
      .update(affiliations)
      .set({ status: "detached", updatedAt: new Date() })
      .where(
        and(
          eq(affiliations.enterpriseId, scope.enterpriseId),
          eq(affiliations.supplierId, supplierId),
          eq(affiliations.status, "affiliated"),
        ),
      )
      .returning({ id: affiliations.id });
    if (!row) return false;
    await refuseLiveWork(tx, scope.enterpriseId, supplierId);
    await recordEvent(tx, row.id, "detached", scope.userId, remark || null);
    return true;
  });
  if (!detached) throw new AppError("CONFLICT", "This contractor is not affiliated.");
  ctx.log.info({ event: "contractor-detached", supplierId, by: scope.userId }, "contractor detached");
  return profileOf(ctx, scope.enterpriseId, supplierId);
}

/**
 * A new invitation to a contractor the enterprise worked with or asked before (detached, denied or
 * cancelled); its account holders are told as for any invitation. The history stays.
 */
export async function reaffiliateContractor(
  ctx: TContext,
  caller: TCaller,
  supplierId: string,
): Promise<TAffiliationDemand> {
  const scope = await principalEditorScope(ctx, caller);
  const [row] = await ctx.db
    .select({ status: affiliations.status, supplierStatus: suppliers.status, email: suppliers.email })
    .from(affiliations)
    .innerJoin(suppliers, eq(suppliers.id, affiliations.supplierId))
    .where(and(eq(affiliations.enterpriseId, scope.enterpriseId), eq(affiliations.supplierId, supplierId)));
  if (!row) throw notListed();
  if (row.status === "affiliated") throw alreadyAffiliated();
  if (!AFFILIATION_RESTARTABLE.includes(row.status)) throw affiliationPending();
  if (row.supplierStatus === "disabled") throw new AppError("CONTRACTOR_INVALID", "Contractor invalid or nonexistent.");
  const [account] = await ctx.db
    .select({ email: users.email, status: users.status })
    .from(users)
    .where(and(eq(users.supplierId, supplierId), eq(users.role, "Supplier")))
    .orderBy(users.createdAt)
    .limit(1);
  const invited = row.supplierStatus !== "active" && account?.status === "invited";
  const email = account?.email ?? row.email;
  // Counted as an invitation by e-mail is (inviteSupplier leaves counting to its callers).
  await spendMailAllowance(ctx, { kind: "invitation", to: [email], by: { account: scope.userId } });
  const id = await inviteSupplier(ctx, scope, { supplierId, invited, email });
  ctx.log.info({ event: "contractor-reaffiliated", id, supplierId, by: scope.userId }, "contractor invited again");
  return demandById(ctx, id, scope.role);
}
