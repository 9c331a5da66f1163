import type { TAffiliationDirection } from "@openpermit/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction, type TDb } from "../db/client";
import { affiliationEvents, affiliations, demands, suppliers, users } from "../db/schema";

/** The demo's contractor side beyond Acme's first two accounts (the README lists them). */
export const DEMO_CONTRACTORS = {
  acmeSecondEmployee: { email: "welder@demo.openpermit.test", name: "Walter Welder" },
  borealis: {
    company: "Borealis Scaffolding",
    supplier: { email: "supplier2@demo.openpermit.test", name: "Bjorn Scaffolder" },
    employee: { email: "employee2@demo.openpermit.test", name: "Erik Rigger" },
  },
  coastal: {
    company: "Coastal Electrical",
    supplier: { email: "supplier3@demo.openpermit.test", name: "Clara Coastal" },
  },
} as const;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

interface TSeedContext {
  enterpriseId: string;
  passwordHash: string;
  /** The Acme account holder's e-mail (DEMO_ACCOUNTS.Supplier). */
  acmeEmail: string;
}

const byEmail = (email: string) => sql`lower(${users.email}) = ${email}`;

function account(
  role: "Supplier" | "Employee",
  passwordHash: string,
  who: { email: string; name: string },
  supplierId: string,
) {
  const now = new Date();
  return {
    ...who,
    role,
    passwordHash,
    status: "active" as const,
    phone: "+33 4 78 00 00 01",
    emailConfirmedAt: now,
    passwordChangedAt: now,
    supplierId,
  };
}

/**
 * Acme Maintenance affiliated with the demo enterprise (it asked, the enterprise approved: both in its
 * history) with a second employee; Borealis Scaffolding waiting for the enterprise to answer its request;
 * Coastal Electrical invited by the enterprise, waiting to answer. Each part only if it is missing.
 */
export async function seedContractors(ctx: TContext, seed: TSeedContext): Promise<void> {
  const [principal] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterpriseId, seed.enterpriseId), eq(users.role, "Enterprise")))
    .limit(1);
  const [acme] = await ctx.db
    .select({ id: users.id, supplierId: users.supplierId })
    .from(users)
    .where(byEmail(seed.acmeEmail));
  if (!principal || !acme?.supplierId) return;
  const acmeSupplierId = acme.supplierId;

  await inTransaction(ctx.pool, async (tx) => {
    const [second] = await tx
      .select({ id: users.id })
      .from(users)
      .where(byEmail(DEMO_CONTRACTORS.acmeSecondEmployee.email));
    if (!second) {
      await tx
        .insert(users)
        .values(account("Employee", seed.passwordHash, DEMO_CONTRACTORS.acmeSecondEmployee, acmeSupplierId));
    }
    await seedAffiliation(tx, {
      enterpriseId: seed.enterpriseId,
      supplierId: acmeSupplierId,
      direction: "request",
      email: seed.acmeEmail,
      requestedBy: acme.id,
      decidedBy: principal.id,
      sentAt: daysAgo(60),
      decidedAt: daysAgo(59),
    });

    const borealis = await seedSupplier(tx, seed.passwordHash, DEMO_CONTRACTORS.borealis);
    if (borealis) {
      await seedAffiliation(tx, {
        enterpriseId: seed.enterpriseId,
        supplierId: borealis.supplierId,
        direction: "request",
        email: DEMO_CONTRACTORS.borealis.supplier.email,
        requestedBy: borealis.userId,
        sentAt: daysAgo(2),
      });
    }
    const coastal = await seedSupplier(tx, seed.passwordHash, DEMO_CONTRACTORS.coastal);
    if (coastal) {
      await seedAffiliation(tx, {
        enterpriseId: seed.enterpriseId,
        supplierId: coastal.supplierId,
        direction: "invitation",
        email: DEMO_CONTRACTORS.coastal.supplier.email,
        requestedBy: principal.id,
        sentAt: daysAgo(1),
      });
    }
  });
  ctx.log.info("demo contractors seeded: affiliations, a pending request and a pending invitation");
}

/** A supplier company with its account holder (and an employee); undefined when it exists already. */
async function seedSupplier(
  tx: TDb,
  passwordHash: string,
  demo: { company: string; supplier: { email: string; name: string }; employee?: { email: string; name: string } },
) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail(demo.supplier.email));
  if (existing) return undefined;
  const [supplier] = await tx
    .insert(suppliers)
    .values({ name: demo.company, email: demo.supplier.email, phone: "+33 4 78 00 00 02", status: "active" })
    .returning({ id: suppliers.id });
  const [user] = await tx
    .insert(users)
    .values(account("Supplier", passwordHash, demo.supplier, supplier!.id))
    .returning({ id: users.id });
  if (demo.employee) await tx.insert(users).values(account("Employee", passwordHash, demo.employee, supplier!.id));
  return { supplierId: supplier!.id, userId: user!.id };
}

/**
 * An affiliation with its demand and its events, as the API would have left them: decided (affiliated)
 * when `decidedBy` is given, else pending. Nothing when the two already have an affiliation.
 */
async function seedAffiliation(
  tx: TDb,
  a: {
    enterpriseId: string;
    supplierId: string;
    direction: TAffiliationDirection;
    email: string;
    requestedBy: string;
    sentAt: Date;
    decidedBy?: string;
    decidedAt?: Date;
  },
) {
  const pendingStatus = a.direction === "invitation" ? "invited" : "requested";
  const decided = a.decidedBy !== undefined && a.decidedAt !== undefined;
  const [row] = await tx
    .insert(affiliations)
    .values({
      enterpriseId: a.enterpriseId,
      supplierId: a.supplierId,
      status: decided ? "affiliated" : pendingStatus,
      createdAt: a.sentAt,
      updatedAt: a.decidedAt ?? a.sentAt,
    })
    .onConflictDoNothing()
    .returning({ id: affiliations.id });
  if (!row) return;
  await tx
    .insert(affiliationEvents)
    .values([
      { affiliationId: row.id, status: pendingStatus, actorId: a.requestedBy, createdAt: a.sentAt },
      ...(decided
        ? [{ affiliationId: row.id, status: "affiliated" as const, actorId: a.decidedBy!, createdAt: a.decidedAt! }]
        : []),
    ]);
  await tx.insert(demands).values({
    kind: "affiliation",
    status: decided ? "approved" : "pending",
    enterpriseId: a.enterpriseId,
    supplierId: a.supplierId,
    requestedBy: a.requestedBy,
    affiliationId: row.id,
    direction: a.direction,
    email: a.email,
    decidedBy: a.decidedBy ?? null,
    decidedAt: a.decidedAt ?? null,
    createdAt: a.sentAt,
  });
}
