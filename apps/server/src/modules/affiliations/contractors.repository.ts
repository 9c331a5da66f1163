import { CONTRACTOR_VISIBLE_STATUSES } from "@openpermit/shared";
import { type AnyColumn, and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { affiliationEvents, affiliations, files, suppliers, users } from "../../db/schema";

/** The people a principal may name: the supplier's active and invited employees. */
const namedEmployee = (supplierId: string | AnyColumn) =>
  and(eq(users.supplierId, supplierId), eq(users.role, "Employee"), inArray(users.status, ["active", "invited"]));

const columns = {
  supplier: {
    id: suppliers.id,
    name: suppliers.name,
    email: suppliers.email,
    phone: suppliers.phone,
    address: suppliers.address,
    website: suppliers.website,
  },
  logo: {
    id: files.id,
    contentType: files.contentType,
    width: files.width,
    height: files.height,
    at: files.createdAt,
  },
  affiliation: { id: affiliations.id, status: affiliations.status, since: affiliations.updatedAt },
  // A correlated count, answered from users_supplier_idx: no query per row.
  employeeCount: sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${namedEmployee(suppliers.id)})`,
};

/** Where a principal sees a contractor: an affiliated or detached affiliation with its enterprise. */
export const contractorsOf = (enterpriseId: string): SQL =>
  and(eq(affiliations.enterpriseId, enterpriseId), inArray(affiliations.status, [...CONTRACTOR_VISIBLE_STATUSES]))!;

function selectContractors(db: TDb, where: SQL) {
  return db
    .select(columns)
    .from(affiliations)
    .innerJoin(suppliers, eq(suppliers.id, affiliations.supplierId))
    .leftJoin(files, eq(files.id, suppliers.logoFileId))
    .where(where);
}

export async function listContractors(db: TDb, where: SQL, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    selectContractors(db, where)
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(affiliations)
      .innerJoin(suppliers, eq(suppliers.id, affiliations.supplierId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findContractor(db: TDb, where: SQL) {
  const [row] = await selectContractors(db, where).limit(1);
  return row;
}

export type TContractorRow = NonNullable<Awaited<ReturnType<typeof findContractor>>>;

/** The names of the supplier's employees, by name: never their e-mails. */
export function employeeNames(db: TDb, supplierId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(namedEmployee(supplierId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** An affiliation's history, newest first, with who acted. */
export function affiliationHistory(db: TDb, affiliationId: string) {
  return db
    .select({
      id: affiliationEvents.id,
      status: affiliationEvents.status,
      at: affiliationEvents.createdAt,
      remark: affiliationEvents.remark,
      actor: { id: users.id, name: users.name, role: users.role },
    })
    .from(affiliationEvents)
    .leftJoin(users, eq(users.id, affiliationEvents.actorId))
    .where(eq(affiliationEvents.affiliationId, affiliationId))
    .orderBy(desc(affiliationEvents.createdAt), desc(affiliationEvents.id));
}
