import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { divisions, enterprises, suppliers, users } from "../../db/schema";

const divisionEnterprise = alias(enterprises, "division_enterprise");

/** A person with every parent a profile shows, in one query. */
export async function loadProfileRow(db: TDb, userId: string) {
  const [row] = await db
    .select({
      user: users,
      enterprise: { id: enterprises.id, name: enterprises.name },
      division: { id: divisions.id, name: divisions.name },
      divisionEnterprise: { id: divisionEnterprise.id, name: divisionEnterprise.name },
      supplier: { id: suppliers.id, name: suppliers.name },
    })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .leftJoin(divisions, eq(divisions.id, users.divisionId))
    .leftJoin(divisionEnterprise, eq(divisionEnterprise.id, divisions.enterpriseId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type TProfileRow = NonNullable<Awaited<ReturnType<typeof loadProfileRow>>>;
