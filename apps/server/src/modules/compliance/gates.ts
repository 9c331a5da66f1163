import type { TComplianceGap } from "@openpermit/shared";
import { and, inArray, isNull } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { permitCrewSignOns } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { crewGapsOf, type TCrewOfPermit } from "./crew-gaps";
import { companyGaps, crewGaps, type TCrewGap, type TStandingLine } from "./standing";

/**
 * The compliance gates (docs/safety.md, "Contractor compliance"): a refusal names who lacks what in `error.gaps`
 * (names and requirement names are the enterprise's data; the client builds the sentence in the reader's language).
 * An enterprise with no requirements is unaffected: only requirements that exist are checked.
 */

export const documentGapsOf = (lines: TStandingLine[]): TComplianceGap[] =>
  lines.map((l) => ({ person: null, requirement: l.requirementName, standing: l.standing }));

export const crewGapsForClient = (gaps: TCrewGap[]): TComplianceGap[] =>
  gaps.map((g) => ({ person: g.workerName, requirement: g.requirementName, standing: g.standing }));

/**
 * Affiliation and sending need the contractor to meet every required company document today: 409
 * COMPLIANCE_DOCUMENTS_MISSING naming the missing ones otherwise.
 */
export async function requireCompanyDocuments(db: TDb, enterpriseId: string, supplierId: string, now: Date) {
  const gaps = await companyGaps(db, enterpriseId, supplierId, now);
  if (gaps.length === 0) return;
  throw new AppError("COMPLIANCE_DOCUMENTS_MISSING", "The contractor lacks required valid documents.", undefined, {
    gaps: documentGapsOf(gaps),
  });
}

const crewRefusal = (gaps: TCrewGap[]) =>
  new AppError("CREW_NOT_COMPLIANT", "A crew member lacks a required valid competence or induction.", undefined, {
    gaps: crewGapsForClient(gaps),
  });

/** The people signed on now to each of these permits. */
export async function signedOnCrews(db: TDb, permitIds: string[]): Promise<Map<string, string[]>> {
  const crews = new Map<string, string[]>(permitIds.map((id) => [id, []]));
  if (permitIds.length === 0) return crews;
  const rows = await db
    .select({ permitId: permitCrewSignOns.permitId, workerId: permitCrewSignOns.workerId })
    .from(permitCrewSignOns)
    .where(and(inArray(permitCrewSignOns.permitId, permitIds), isNull(permitCrewSignOns.signedOffAt)));
  for (const r of rows) crews.get(r.permitId)?.push(r.workerId);
  return crews;
}

/**
 * The start gate: the crew signed on (the people actually at work, each briefed; docs/decisions.md, "Compliance
 * gates") meets every worker requirement of the permit's work type today — 409 CREW_NOT_COMPLIANT naming who lacks
 * what. Read inside the start's transaction after its UPDATE holds the permit's row (a sign-on takes it first).
 */
export async function requireCompliantCrew(
  db: TDb,
  permit: { id: string; enterpriseId: string; workTypeId: string | null },
  now: Date,
) {
  const crew = (await signedOnCrews(db, [permit.id])).get(permit.id) ?? [];
  const gaps = (await crewGapsOf(db, [{ ...permit, workerIds: crew }], now)).get(permit.id) ?? [];
  if (gaps.length > 0) throw crewRefusal(gaps);
}

/**
 * Signing a worker on needs them to hold every requirement of each crew member for the permit's work type (a
 * `one_worker` requirement is the crew's, judged at the start): 409 CREW_NOT_COMPLIANT otherwise.
 */
export async function requireCompliantWorker(
  db: TDb,
  permit: { enterpriseId: string; workTypeId: string | null },
  workerId: string,
  now: Date,
) {
  const gaps = (await crewGaps(db, permit, [workerId], now)).filter((g) => g.workerId !== null);
  if (gaps.length > 0) throw crewRefusal(gaps);
}

/**
 * Of these permits, those whose signed-on crew does not comply today (the scheduler's automatic start leaves them),
 * in a fixed number of queries.
 */
export async function nonCompliantCrews(
  db: TDb,
  permits: Array<Omit<TCrewOfPermit, "workerIds">>,
  now: Date,
): Promise<Set<string>> {
  const crews = await signedOnCrews(
    db,
    permits.map((p) => p.id),
  );
  const gaps = await crewGapsOf(
    db,
    permits.map((p) => ({ ...p, workerIds: crews.get(p.id) ?? [] })),
    now,
  );
  return new Set([...gaps].filter(([, g]) => g.length > 0).map(([id]) => id));
}
