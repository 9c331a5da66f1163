import { eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { isStillReferenced } from "../../db/pg-errors";
import { enterprises, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export type TUserRow = typeof users.$inferSelect;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: TDb, email: string): Promise<TUserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return user;
}

export async function findUserById(db: TDb, id: string): Promise<TUserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * Whether the company behind a user still lets it in: an enterprise (directly or through a division)
 * or a supplier that the admin disabled closes its people's access too.
 */
export async function companyIsDisabled(db: TDb, user: TUserRow): Promise<boolean> {
  if (user.enterpriseId) {
    const [row] = await db
      .select({ status: enterprises.status })
      .from(enterprises)
      .where(eq(enterprises.id, user.enterpriseId));
    return row?.status === "disabled";
  }
  if (user.supplierId) {
    const [row] = await db
      .select({ status: suppliers.status })
      .from(suppliers)
      .where(eq(suppliers.id, user.supplierId));
    return row?.status === "disabled";
  }
  return false;
}

/**
 * Deleting a person whom permits name fails on their `restrict` keys (see the permits schema): said as a refusal
 * that tells what to do instead. Any other error passes through.
 */
export function refuseIfNamedOnPermits(error: unknown): never {
  if (isStillReferenced(error)) {
    throw new AppError(
      "PERSON_NAMED_ON_PERMITS",
      "This person is named on permits (requested, verified, approved or acted on them): disable the account instead.",
    );
  }
  throw error;
}
