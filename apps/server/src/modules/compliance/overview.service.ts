import {
  STANDINGS,
  type TComplianceExportQuery,
  type TComplianceOverview,
  type TComplianceOverviewQuery,
  type TComplianceOverviewRow,
  type TStanding,
} from "@openpermit/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { overviewReader } from "../../access/compliance";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { affiliations, suppliers, users } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { companyStandings, requirementsOf, workerStandings } from "./standing";

/**
 * The principal's compliance view (docs/decisions.md, "Compliance view: computed, then paged"): a standing is
 * computed from the evidence today, not stored, so every row of the enterprise is built in a fixed number of
 * queries, filtered and counted in memory, then one page of it is returned.
 */

type TFilters = Omit<TComplianceExportQuery, "format">;

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** Every row of the enterprise today, by contractor, its documents first, then each worker by name. */
export async function overviewRows(
  db: TDb,
  enterpriseId: string,
  filters: Pick<TFilters, "supplierId">,
  now: Date,
): Promise<TComplianceOverviewRow[]> {
  const contractors = (
    await db
      .select({ id: suppliers.id, name: suppliers.name })
      .from(affiliations)
      .innerJoin(suppliers, eq(suppliers.id, affiliations.supplierId))
      .where(
        and(
          eq(affiliations.enterpriseId, enterpriseId),
          eq(affiliations.status, "affiliated"),
          filters.supplierId ? eq(affiliations.supplierId, filters.supplierId) : undefined,
        ),
      )
  ).sort(byName);
  if (contractors.length === 0) return [];
  const supplierIds = contractors.map((c) => c.id);
  const workers = await db
    .select({ id: users.id, name: users.name, supplierId: users.supplierId })
    .from(users)
    .where(
      and(
        inArray(users.supplierId, supplierIds),
        inArray(users.role, ["Supplier", "Employee"]),
        eq(users.status, "active"),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`));
  const workerRequirements = await requirementsOf(db, enterpriseId, ["competence", "induction"]);
  const companies = await companyStandings(db, enterpriseId, supplierIds, now);
  const people = await workerStandings(
    db,
    enterpriseId,
    workers.map((w) => w.id),
    workerRequirements,
    now,
  );
  const required = new Set([
    ...companies.required,
    ...workerRequirements.filter((r) => r.requiredOfAll).map((r) => r.id),
  ]);
  return contractors.flatMap((contractor) => {
    const own = (companies.lines.get(contractor.id) ?? []).map((line) => ({ line, worker: null }));
    const crew = workers
      .filter((w) => w.supplierId === contractor.id)
      .flatMap((w) => (people.get(w.id) ?? []).map((line) => ({ line, worker: { id: w.id, name: w.name } })));
    return [...own, ...crew].map(({ line, worker }) => ({
      contractor,
      worker,
      requirement: {
        id: line.requirementId,
        name: line.requirementName,
        kind: line.kind,
        requiredOfAll: required.has(line.requirementId),
      },
      standing: line.standing,
      validUntil: line.validUntil,
    }));
  });
}

/** The rows every filter but the standing one keeps (the chips count these). */
function filterRows(rows: TComplianceOverviewRow[], f: TFilters): TComplianceOverviewRow[] {
  const q = f.q?.toLocaleLowerCase();
  return rows.filter(
    (r) =>
      (!f.kind || r.requirement.kind === f.kind) &&
      (f.requiredOnly !== "true" || r.requirement.requiredOfAll) &&
      (!q ||
        r.contractor.name.toLocaleLowerCase().includes(q) ||
        (r.worker?.name.toLocaleLowerCase().includes(q) ?? false)),
  );
}

const inStandings = (f: TFilters) => (r: TComplianceOverviewRow) =>
  !f.standing || f.standing.length === 0 || f.standing.includes(r.standing);

/** One page of the enterprise's rows under the filters, with the rows per standing for the chips. */
export async function complianceOverview(
  ctx: TContext,
  caller: TCaller,
  query: TComplianceOverviewQuery,
  now: Date,
): Promise<TComplianceOverview> {
  const { enterpriseId } = await overviewReader(ctx, caller);
  const rows = filterRows(await overviewRows(ctx.db, enterpriseId, query, now), query);
  const counts = Object.fromEntries(STANDINGS.map((s) => [s, 0])) as Record<TStanding, number>;
  for (const r of rows) counts[r.standing] += 1;
  const shown = rows.filter(inStandings(query));
  const start = (query.page - 1) * query.pageSize;
  return {
    data: shown.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    total: shown.length,
    counts,
  };
}

/** The whole filtered set (the export). */
export async function complianceOverviewAll(
  ctx: TContext,
  caller: TCaller,
  filters: TFilters,
  now: Date,
): Promise<TComplianceOverviewRow[]> {
  const { enterpriseId } = await overviewReader(ctx, caller);
  return filterRows(await overviewRows(ctx.db, enterpriseId, filters, now), filters).filter(inStandings(filters));
}
