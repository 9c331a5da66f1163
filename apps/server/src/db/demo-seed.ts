import type { TRole } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import type { TContext } from "../context";
import { hashPassword } from "../lib/passwords";
import { inTransaction } from "./client";
import { divisions, enterprises, suppliers, users } from "./schema";

export const DEMO_PASSWORD = "Demo-Permit-2026";

/** The demo accounts, one per role (the README lists them). */
export const DEMO_ACCOUNTS: Record<TRole, { email: string; name: string }> = {
  Admin: { email: "admin@demo.openpermit.test", name: "Alex Admin" },
  Enterprise: { email: "enterprise@demo.openpermit.test", name: "Emma Enterprise" },
  SuperResponsible: { email: "superresponsible@demo.openpermit.test", name: "Sam Site-Manager" },
  Responsible: { email: "responsible@demo.openpermit.test", name: "Rita Permit-Manager" },
  Supplier: { email: "supplier@demo.openpermit.test", name: "Sophie Contractor" },
  Employee: { email: "employee@demo.openpermit.test", name: "Eric Employee" },
};

/**
 * A demo enterprise with one division, one supplier with one employee, and an account for each role.
 * Runs once: a database that already has the demo enterprise is left as it is.
 */
export async function seedDemo(ctx: TContext): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.email, DEMO_ACCOUNTS.Enterprise.email));
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const person = (role: TRole) => ({
    ...DEMO_ACCOUNTS[role],
    role,
    passwordHash,
    status: "active" as const,
    phone: "+33 4 72 00 00 00",
    emailConfirmedAt: now,
    passwordChangedAt: now,
  });

  await inTransaction(ctx.pool, async (tx) => {
    const [enterprise] = await tx
      .insert(enterprises)
      .values({
        name: "Rhône Refinery",
        email: DEMO_ACCOUNTS.Enterprise.email,
        phone: "+33 4 72 00 00 00",
        address: "1 quai de la Raffinerie, 69320 Feyzin",
        website: "https://refinery.example",
        status: "active",
      })
      .returning();
    const [division] = await tx
      .insert(divisions)
      .values({
        enterpriseId: enterprise!.id,
        name: "North Plant",
        description: "Crude distillation and storage",
        address: "Chemin du Nord",
        province: "Rhône",
        postalCode: "69320",
        country: "France",
      })
      .returning();
    const [supplier] = await tx
      .insert(suppliers)
      .values({
        name: "Acme Maintenance",
        email: DEMO_ACCOUNTS.Supplier.email,
        phone: "+33 4 78 00 00 00",
        address: "12 rue des Artisans, 69007 Lyon",
        status: "active",
      })
      .returning();
    const inDivision = { enterpriseId: enterprise!.id, divisionId: division!.id };
    await tx.insert(users).values([
      { ...person("Enterprise"), enterpriseId: enterprise!.id },
      { ...person("SuperResponsible"), ...inDivision },
      { ...person("Responsible"), ...inDivision },
      { ...person("Supplier"), supplierId: supplier!.id },
      { ...person("Employee"), supplierId: supplier!.id },
    ]);
  });
  ctx.log.info("demo data seeded");
}
