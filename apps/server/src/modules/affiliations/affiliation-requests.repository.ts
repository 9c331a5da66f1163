import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { demands, enterprises, suppliers, users } from "../../db/schema";

const requester = alias(users, "requester");
const decider = alias(users, "decider");

const columns = {
  demand: demands,
  enterprise: { id: enterprises.id, name: enterprises.name },
  supplier: { id: suppliers.id, name: suppliers.name },
  requestedBy: { id: requester.id, name: requester.name, role: requester.role },
  decidedBy: { id: decider.id, name: decider.name, role: decider.role },
};

/** Affiliation demands with both companies and both people named; `where` keeps them in the caller's tenant. */
function selectDemands(db: TDb, where: SQL | undefined) {
  return (
    db
      .select(columns)
      .from(demands)
      .innerJoin(enterprises, eq(enterprises.id, demands.enterpriseId))
      // An invitation to an address no supplier can answer has no supplier.
      .leftJoin(suppliers, eq(suppliers.id, demands.supplierId))
      .leftJoin(requester, eq(requester.id, demands.requestedBy))
      .leftJoin(decider, eq(decider.id, demands.decidedBy))
      .where(and(eq(demands.kind, "affiliation"), where))
  );
}

export async function listAffiliationDemands(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectDemands(db, where)
      .orderBy(desc(demands.createdAt), desc(demands.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    // The same joins as the page: `q` searches the companies' names.
    db
      .select({ n: count() })
      .from(demands)
      .innerJoin(enterprises, eq(enterprises.id, demands.enterpriseId))
      .leftJoin(suppliers, eq(suppliers.id, demands.supplierId))
      .where(and(eq(demands.kind, "affiliation"), where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAffiliationDemand(db: TDb, where: SQL) {
  const [row] = await selectDemands(db, where).limit(1);
  return row;
}

export async function countDemands(db: TDb, where: SQL) {
  const [row] = await db.select({ n: count() }).from(demands).where(where);
  return row?.n ?? 0;
}

export type TAffiliationDemandRow = NonNullable<Awaited<ReturnType<typeof findAffiliationDemand>>>;
