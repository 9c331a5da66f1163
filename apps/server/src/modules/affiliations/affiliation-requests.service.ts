import {
  ADMIN_DEMAND_KINDS,
  affiliationDemandActions,
  meetsRequirement,
  type TAffiliationDemand,
  type TAffiliationDirection,
  type TAffiliationStatus,
  type TComplianceGap,
  type TDemandAction,
} from "@openpermit/shared";
import { and, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { demandsOf, partyOf, requireDemandAction, type TParty, visibleDemand } from "../../access/affiliations";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { demands, enterprises, suppliers } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing, containsIgnoringAccents } from "../../lib/like-pattern";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { documentGapsOf, requireCompanyDocuments } from "../compliance/gates";
import { companyStandings } from "../compliance/standing";
import { countDemands, listAffiliationDemands, type TAffiliationDemandRow } from "./affiliation-requests.repository";
import { moveAffiliation } from "./affiliation-state";

/** The pending demands the party may approve or deny (none for a read-only Responsible). */
function waitingFor(party: TParty): SQL {
  const receives: TAffiliationDirection | null =
    party.side === "supplier"
      ? "invitation"
      : affiliationDemandActions({ direction: "request", status: "pending" }, party.role).includes("approve")
        ? "request"
        : null;
  if (receives === null) return sql`false`;
  return and(eq(demands.status, "pending"), eq(demands.direction, receives))!;
}

const actorOf = (actor: TAffiliationDemandRow["requestedBy"]) =>
  actor ? { id: actor.id, name: actor.name, role: actor.role } : null;

/**
 * Whether the principal side is told which supplier a demand is with: for a request, always (the supplier asked);
 * for its own invitation, once the supplier accepted it — before, who holds the invited address stays unsaid
 * (docs/decisions.md, "Sign-up and invitations answer alike").
 */
const supplierToldToPrincipal = or(ne(demands.direction, "invitation"), eq(demands.status, "approved"))!;

const supplierTold = (role: string, direction: TAffiliationDirection, status: TAffiliationDemand["status"]) =>
  role === "Supplier" || direction !== "invitation" || status === "approved";

export function toAffiliationDemand(
  row: TAffiliationDemandRow,
  role: string,
  missingDocuments: TComplianceGap[] = [],
): TAffiliationDemand {
  const { demand } = row;
  const direction = demand.direction ?? "invitation";
  const supplier = row.supplier && supplierTold(role, direction, demand.status) ? row.supplier : null;
  return {
    id: demand.id,
    kind: "affiliation",
    direction,
    status: demand.status,
    createdAt: demand.createdAt.toISOString(),
    decidedAt: demand.decidedAt?.toISOString() ?? null,
    remark: demand.remark,
    enterprise: row.enterprise,
    supplier,
    email: demand.email ?? "",
    requestedBy: actorOf(row.requestedBy),
    decidedBy: actorOf(row.decidedBy),
    actions: affiliationDemandActions({ direction, status: demand.status }, role),
    missingDocuments: supplier && demand.status === "pending" ? missingDocuments : [],
  };
}

export async function listDemands(
  ctx: TContext,
  caller: TCaller,
  query: {
    status?: TAffiliationDemand["status"] | undefined;
    direction?: TAffiliationDirection | undefined;
    waiting?: boolean | undefined;
    q?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const party = await partyOf(ctx, caller);
  const pattern = query.q ? containing(query.q) : undefined;
  const where = and(
    demandsOf(party),
    query.status ? eq(demands.status, query.status) : undefined,
    query.direction ? eq(demands.direction, query.direction) : undefined,
    query.waiting ? waitingFor(party) : undefined,
    pattern
      ? or(
          containsIgnoringAccents(enterprises.name, query.q!),
          party.side === "supplier"
            ? containsIgnoringAccents(suppliers.name, query.q!)
            : and(supplierToldToPrincipal, containsIgnoringAccents(suppliers.name, query.q!)),
          ilike(demands.email, pattern),
        )
      : undefined,
  )!;
  const { rows, total } = await listAffiliationDemands(ctx.db, where, query);
  const missing = await missingDocumentsOf(ctx.db, rows, party.role);
  return pageOf(
    rows.map((row) => toAffiliationDemand(row, party.role, missing.get(row.demand.id))),
    query,
    total,
  );
}

export async function getDemand(ctx: TContext, caller: TCaller, id: string) {
  const party = await partyOf(ctx, caller);
  const row = await visibleDemand(ctx, party, id);
  const missing = await missingDocumentsOf(ctx.db, [row], party.role);
  return toAffiliationDemand(row, party.role, missing.get(id));
}

/**
 * What each pending demand's supplier lacks of the enterprise's required documents today, for the demands whose
 * supplier the caller is told of: one look per enterprise on the page (the principal side sees one).
 */
async function missingDocumentsOf(db: TDb, rows: TAffiliationDemandRow[], role: string) {
  const missing = new Map<string, TComplianceGap[]>();
  const now = new Date();
  const pending = rows.filter(
    (r) =>
      r.demand.status === "pending" && r.supplier && supplierTold(role, r.demand.direction ?? "invitation", "pending"),
  );
  const byEnterprise = new Map<string, TAffiliationDemandRow[]>();
  for (const r of pending) byEnterprise.set(r.enterprise.id, [...(byEnterprise.get(r.enterprise.id) ?? []), r]);
  for (const [enterpriseId, its] of byEnterprise) {
    const { lines, required } = await companyStandings(
      db,
      enterpriseId,
      its.map((r) => r.supplier!.id),
      now,
    );
    for (const r of its) {
      const gaps = (lines.get(r.supplier!.id) ?? []).filter(
        (l) => required.has(l.requirementId) && !meetsRequirement(l.standing),
      );
      missing.set(r.demand.id, documentGapsOf(gaps));
    }
  }
  return missing;
}

const OUTCOMES = {
  approve: { demand: "approved", affiliation: "affiliated" },
  deny: { demand: "denied", affiliation: "denied" },
  cancel: { demand: "cancelled", affiliation: "cancelled" },
} as const satisfies Record<TDemandAction, { demand: string; affiliation: TAffiliationStatus }>;

/**
 * Approves, denies or cancels a pending affiliation demand, moving its affiliation with an event in the same
 * transaction. Only the side that received a demand decides it and only its sender cancels it (403 else);
 * the conditional update lets one of two people deciding at once win, the other gets 409.
 */
export async function decideDemand(
  ctx: TContext,
  caller: TCaller,
  id: string,
  action: TDemandAction,
  remark: string | undefined,
): Promise<TAffiliationDemand> {
  const party = await partyOf(ctx, caller);
  const current = await visibleDemand(ctx, party, id);
  const direction = current.demand.direction ?? "invitation";
  requireDemandAction(party, direction, action);
  const alreadyDecided = () => new AppError("CONFLICT", "This request has already been decided.");
  if (current.demand.status !== "pending") throw alreadyDecided();
  const outcome = OUTCOMES[action];
  const decided = await inTransaction(ctx.pool, async (tx) => {
    // Affiliated only while meeting every company document the enterprise requires (compliance/gates.ts).
    const { enterpriseId, supplierId } = current.demand;
    if (action === "approve" && enterpriseId && supplierId) {
      await requireCompanyDocuments(tx, enterpriseId, supplierId, new Date());
    }
    const [row] = await tx
      .update(demands)
      .set({ status: outcome.demand, decidedBy: party.userId, decidedAt: new Date(), remark: remark || null })
      .where(and(eq(demands.id, id), eq(demands.status, "pending")))
      .returning({ affiliationId: demands.affiliationId });
    if (!row) return false;
    if (row.affiliationId) {
      await moveAffiliation(tx, row.affiliationId, outcome.affiliation, party.userId, remark || null);
    }
    return true;
  });
  if (!decided) throw alreadyDecided();
  ctx.log.info({ event: "affiliation-demand", id, action, by: party.userId }, "affiliation demand decided");
  return toAffiliationDemand(await visibleDemand(ctx, party, id), party.role);
}

/**
 * The navigation's badge: for the admin the enterprise accounts and credits requests waiting for it, for the
 * others the affiliation demands waiting for their decision (a Responsible only reads, an employee has none: 0).
 */
export async function waitingCount(ctx: TContext, caller: TCaller): Promise<{ count: number }> {
  if (caller.role === "Admin") {
    return {
      count: await countDemands(ctx.db, and(inArray(demands.kind, ADMIN_DEMAND_KINDS), eq(demands.status, "pending"))!),
    };
  }
  // An employee neither receives nor sends affiliation demands.
  if (caller.role === "Employee") return { count: 0 };
  const party = await partyOf(ctx, caller);
  const count = await countDemands(ctx.db, and(eq(demands.kind, "affiliation"), demandsOf(party), waitingFor(party))!);
  return { count };
}
