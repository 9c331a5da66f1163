import type { TMatrixRole, TRole } from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction } from "../db/client";
import { divisions, enterprises, sectorPermissions, sectors, subSectors, suppliers, users } from "../db/schema";
import { hashPassword } from "../lib/passwords";
import { recordFile, removeStoredFiles } from "../modules/files/files.service";
import { seedIncompatiblePairs } from "./clashes";
import { seedCompanyPage } from "./company";
import { seedCompliance } from "./compliance";
import { seedContractors } from "./contractors";
import { seedCredits } from "./credits";
import { seedGasTests } from "./gas-tests";
import { seedIsolations } from "./isolations";
import { crudeUnitPlan, DEMO_MAP_HEIGHT, DEMO_MAP_WIDTH, jettyPlan, type TPlaces, tankFarmPlan } from "./maps";
import { seedPermits } from "./permits";
import { seedRiskConfiguration } from "./risks";
import { seedWorkerCard } from "./worker-card";

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

/** The second permit manager, in the South Terminal. */
export const DEMO_SECOND_RESPONSIBLE = { email: "responsible2@demo.openpermit.test", name: "Rafael Permit-Manager" };
/**
 * The North Plant's Approver: with Rita verifying, every flow of its two sectors can complete (four eyes). The
 * jetty's one manager holding both roles is the demo's one dead end (the permissions matrix warns of it).
 */
export const DEMO_NORTH_APPROVER = { email: "responsible3@demo.openpermit.test", name: "Nadia Permit-Manager" };

const PHONE = "+33 4 72 00 00 00";

/**
 * The demo: an enterprise (Rhône Refinery) with two divisions, three sectors on drawn site plans with
 * their sub-sectors, a super-responsible and two responsibles with a filled permissions matrix, and a
 * supplier with one employee, the risk configuration (risks.ts: EPIs, work types, risks, specific
 * critical risks, assignments on the sectors, the 5 × 5 matrix), and the contractors (contractors.ts:
 * Acme affiliated with a second employee, a second supplier's pending request, a pending invitation to a
 * third), 50 permit credits bought by the demo admin (credits.ts), and a permit in every status
 * (permits.ts), numbered from those credits, the tank farm's isolation register (isolations.ts), and the site induction
 * the demo employee holds, so that their worker's card scans cleared (worker-card.ts). Each part is added only if it
 * is missing, so a database seeded by an earlier version gets the newer parts and a second run changes
 * nothing.
 */
export async function seedDemo(ctx: TContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const enterpriseId = await seedAccounts(ctx, passwordHash);
  await seedOrganisation(ctx, enterpriseId, passwordHash);
  await seedRiskConfiguration(ctx, enterpriseId);
  await seedIncompatiblePairs(ctx, enterpriseId);
  await seedCompanyPage(ctx, enterpriseId);
  await seedContractors(ctx, { enterpriseId, passwordHash, acmeEmail: DEMO_ACCOUNTS.Supplier.email });
  await seedCredits(ctx, enterpriseId, DEMO_ACCOUNTS.Admin.email);
  await seedPermits(ctx, enterpriseId);
  await seedIsolations(ctx, enterpriseId);
  await seedGasTests(ctx, enterpriseId);
  // The requirements and their evidence first: the card's seed only adds the demo employee's induction if missing.
  await seedCompliance(ctx, enterpriseId);
  await seedWorkerCard(ctx, enterpriseId, DEMO_ACCOUNTS.Employee.email);
}

function person(role: TRole, passwordHash: string, who: { email: string; name: string } = DEMO_ACCOUNTS[role]) {
  const now = new Date();
  return {
    ...who,
    role,
    passwordHash,
    status: "active" as const,
    phone: PHONE,
    emailConfirmedAt: now,
    passwordChangedAt: now,
  };
}

/** The enterprise, North Plant, the supplier and one account per role; returns the enterprise's id. */
async function seedAccounts(ctx: TContext, passwordHash: string): Promise<string> {
  const [existing] = await ctx.db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.email, DEMO_ACCOUNTS.Enterprise.email));
  if (existing) return existing.id;

  const id = await inTransaction(ctx.pool, async (tx) => {
    const [enterprise] = await tx
      .insert(enterprises)
      .values({
        name: "Rhône Refinery",
        email: DEMO_ACCOUNTS.Enterprise.email,
        phone: PHONE,
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
      { ...person("Enterprise", passwordHash), enterpriseId: enterprise!.id },
      { ...person("SuperResponsible", passwordHash), ...inDivision },
      { ...person("Responsible", passwordHash), ...inDivision },
      { ...person("Supplier", passwordHash), supplierId: supplier!.id },
      { ...person("Employee", passwordHash), supplierId: supplier!.id },
    ]);
    return enterprise!.id;
  });
  ctx.log.info("demo accounts seeded");
  return id;
}

interface TDemoSector {
  division: "North Plant" | "South Terminal";
  name: string;
  number: number;
  gatheringPoint: string;
  plan: () => { png: Buffer; places: TPlaces };
  /** The matrix cells of this sector, by the manager's e-mail. */
  matrix: Record<string, Exclude<TMatrixRole, "none">>;
}

const DEMO_SECTORS: TDemoSector[] = [
  {
    division: "North Plant",
    name: "Crude distillation unit",
    number: 1,
    gatheringPoint: "Assembly point A, north gate",
    plan: crudeUnitPlan,
    matrix: { [DEMO_ACCOUNTS.Responsible.email]: "verifier", [DEMO_NORTH_APPROVER.email]: "approver" },
  },
  {
    division: "North Plant",
    name: "Tank farm",
    number: 2,
    gatheringPoint: "Assembly point B, by the fire station",
    plan: tankFarmPlan,
    matrix: { [DEMO_ACCOUNTS.Responsible.email]: "both", [DEMO_NORTH_APPROVER.email]: "approver" },
  },
  {
    division: "South Terminal",
    name: "Marine jetty and loading",
    number: 1,
    gatheringPoint: "Assembly point J, terminal car park",
    plan: jettyPlan,
    matrix: { [DEMO_SECOND_RESPONSIBLE.email]: "both" },
  },
];

/**
 * South Terminal with its responsible, then the sectors with their maps, sub-sectors and matrix. The maps
 * go into the storage first; if the transaction fails, they are removed again.
 */
async function seedOrganisation(ctx: TContext, enterpriseId: string, passwordHash: string): Promise<void> {
  const [hasSectors] = await ctx.db
    .select({ id: sectors.id })
    .from(sectors)
    .where(eq(sectors.enterpriseId, enterpriseId))
    .limit(1);
  if (hasSectors) return;

  const plans = DEMO_SECTORS.map((sector) => ({ sector, ...sector.plan() }));
  const keys: string[] = [];
  for (const plan of plans) keys.push(await ctx.storage.put(plan.png));
  try {
    await inTransaction(ctx.pool, async (tx) => {
      await tx
        .insert(divisions)
        .values({
          enterpriseId,
          name: "South Terminal",
          description: "Marine terminal, truck loading and product storage",
          address: "Port Edouard Herriot, quai Sud",
          province: "Rhône",
          postalCode: "69007",
          country: "France",
        })
        .onConflictDoNothing();
      const divisionRows = await tx
        .select({ id: divisions.id, name: divisions.name })
        .from(divisions)
        .where(eq(divisions.enterpriseId, enterpriseId));
      const divisionId = (name: string) => divisionRows.find((d) => d.name === name)!.id;

      const [second] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${DEMO_SECOND_RESPONSIBLE.email}`);
      if (!second) {
        await tx.insert(users).values({
          ...person("Responsible", passwordHash, DEMO_SECOND_RESPONSIBLE),
          enterpriseId,
          divisionId: divisionId("South Terminal"),
        });
      }
      const [northApprover] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${DEMO_NORTH_APPROVER.email}`);
      if (!northApprover) {
        await tx.insert(users).values({
          ...person("Responsible", passwordHash, DEMO_NORTH_APPROVER),
          enterpriseId,
          divisionId: divisionId("North Plant"),
        });
      }
      const people = await tx
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.enterpriseId, enterpriseId));
      const managers = people.filter((p) => p.role === "Responsible");
      const uploader = people.find((p) => p.role === "Enterprise")?.id ?? null;

      for (const [i, { sector, png, places }] of plans.entries()) {
        const mapFileId = await recordFile(tx, {
          storageKey: keys[i]!,
          data: png,
          contentType: "image/png",
          width: DEMO_MAP_WIDTH,
          height: DEMO_MAP_HEIGHT,
          createdBy: uploader,
          // The platform puts the demo's plans there itself.
          quotaBytes: null,
        });
        const [row] = await tx
          .insert(sectors)
          .values({
            enterpriseId,
            divisionId: divisionId(sector.division),
            name: sector.name,
            number: sector.number,
            gatheringPoint: sector.gatheringPoint,
            mapFileId,
          })
          .returning({ id: sectors.id });
        await tx
          .insert(subSectors)
          .values(Object.entries(places).map(([name, at]) => ({ sectorId: row!.id, name, ...at })));
        for (const [email, role] of Object.entries(sector.matrix)) {
          const manager = managers.find((m) => m.email === email);
          if (!manager) continue;
          await tx.insert(sectorPermissions).values({
            managerId: manager.id,
            sectorId: row!.id,
            canVerify: role === "verifier" || role === "both",
            canApprove: role === "approver" || role === "both",
          });
        }
      }
    });
  } catch (error) {
    await removeStoredFiles(ctx, keys);
    throw error;
  }
  ctx.log.info("demo organisation seeded: divisions, sectors with maps, sub-sectors, permissions matrix");
}
