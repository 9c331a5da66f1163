import type { TCrewCandidate } from "@openpermit/shared";
import { V } from "@openpermit/shared";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TPermitParty } from "../../../access/permits";
import type { TDb } from "../../../db/client";
import { permitCrew, permitCrewSignOns, users } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";

/**
 * Whose people a permit's crew is (docs/decisions.md, Crew): a contractor's permit names its supplier's active
 * Supplier and Employee accounts; an internal permit the enterprise's active Responsibles and SuperResponsibles
 * (the Enterprise account is the company's, not a person on site).
 */
export type TCrewCompany = { supplierId: string } | { enterpriseId: string };

/** The company of a permit, from its columns. */
export const crewCompanyOf = (permit: { supplierId: string | null; enterpriseId: string }): TCrewCompany =>
  permit.supplierId ? { supplierId: permit.supplierId } : { enterpriseId: permit.enterpriseId };

/** The company a party names workers of: its own (a holder is always of the permit's company). */
export const crewCompanyOfParty = (party: TPermitParty): TCrewCompany =>
  party.side === "contractor" ? { supplierId: party.supplierId } : { enterpriseId: party.enterpriseId };

function peopleOf(company: TCrewCompany): SQL {
  const active = eq(users.status, "active");
  return "supplierId" in company
    ? and(active, eq(users.supplierId, company.supplierId), inArray(users.role, ["Supplier", "Employee"]))!
    : and(
        active,
        eq(users.enterpriseId, company.enterpriseId),
        inArray(users.role, ["Responsible", "SuperResponsible"]),
      )!;
}

/** The people the company may name on a crew, by name. */
export async function crewCandidates(db: TDb, company: TCrewCompany): Promise<TCrewCandidate[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(peopleOf(company))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The crew ids, each once in the order given, once every one is a worker the company may name: anyone else (another
 * supplier's, another enterprise's, a disabled account, nobody) is refused as if it did not exist (404 naming
 * `field`).
 */
export async function checkedCrew(db: TDb, company: TCrewCompany, ids: string[], field = "crewIds") {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(and(peopleOf(company), inArray(users.id, unique)));
  if (known.length !== unique.length) {
    throw new AppError("NOT_FOUND", "Some workers do not exist for this permit's company.", {
      [field]: V.invalidValue,
    });
  }
  return unique;
}

/** The permit's crew ids, in order. */
export async function crewIdsOf(db: TDb, permitId: string): Promise<string[]> {
  const rows = await db
    .select({ id: permitCrew.workerId })
    .from(permitCrew)
    .where(eq(permitCrew.permitId, permitId))
    .orderBy(asc(permitCrew.position));
  return rows.map((r) => r.id);
}

/**
 * Replaces the permit's crew inside the caller's transaction; answers the workers added (who must be told). Those
 * kept keep when they were added.
 */
export async function replaceCrew(tx: TDb, permitId: string, ids: string[], now: Date): Promise<string[]> {
  const before = new Set(await crewIdsOf(tx, permitId));
  await tx.execute(sql`
    DELETE FROM permit_crew WHERE permit_id = ${permitId} AND NOT (worker_id = ANY(${sql.param(ids)}::uuid[]))`);
  if (ids.length > 0) {
    await tx.execute(sql`
      INSERT INTO permit_crew (permit_id, worker_id, position, added_at)
      SELECT ${permitId}, w.id, w.position - 1, ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(ids)}::uuid[]) WITH ORDINALITY AS w(id, position)
      ON CONFLICT (permit_id, worker_id) DO UPDATE SET position = excluded.position`);
  }
  return ids.filter((id) => !before.has(id));
}

/**
 * The people on each permit's crew, for whoever must reach them (e.g. a suspension notice): permit id → user ids,
 * in the crew's order. Read inside the caller's transaction.
 */
export async function crewOf(tx: TDb, permitIds: string[]): Promise<Map<string, string[]>> {
  const crews = new Map<string, string[]>(permitIds.map((id) => [id, []]));
  if (permitIds.length === 0) return crews;
  const rows = await tx
    .select({ permitId: permitCrew.permitId, workerId: permitCrew.workerId })
    .from(permitCrew)
    .where(inArray(permitCrew.permitId, permitIds))
    .orderBy(asc(permitCrew.permitId), asc(permitCrew.position));
  for (const row of rows) crews.get(row.permitId)?.push(row.workerId);
  return crews;
}

/** The names of the workers signed on to the permit now, in the crew's order (the public check page: names only). */
export async function signedOnNames(db: TDb, permitId: string): Promise<string[]> {
  const rows = await db
    .select({ name: users.name })
    .from(permitCrewSignOns)
    .innerJoin(users, eq(users.id, permitCrewSignOns.workerId))
    .leftJoin(
      permitCrew,
      and(eq(permitCrew.permitId, permitCrewSignOns.permitId), eq(permitCrew.workerId, permitCrewSignOns.workerId)),
    )
    .where(and(eq(permitCrewSignOns.permitId, permitId), isNull(permitCrewSignOns.signedOffAt)))
    .orderBy(asc(permitCrew.position), asc(users.name));
  return rows.map((r) => r.name);
}
