import {
  complianceToday,
  meetsRequirement,
  standingOf,
  type TComplianceKind,
  type TCrewRule,
  type TEvidenceDates,
  type TStanding,
} from "@openpermit/shared";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { complianceEvidence, complianceRequirements, enterprises, workTypeRequirements } from "../../db/schema";
import { crewGapsOf } from "./crew-gaps";

/**
 * Where contractors and people stand against an enterprise's requirements today (docs/safety.md, "Contractor
 * compliance"). The rules are the pure ones of packages/shared (`standingOf`); this reads what they need in a fixed
 * number of queries whatever the number of companies or people asked about.
 */

export interface TRequirementRow {
  id: string;
  kind: TComplianceKind;
  name: string;
  requiredOfAll: boolean;
  validityDays: number | null;
  minimumCover: number | null;
}

export interface TStandingLine {
  requirementId: string;
  requirementName: string;
  kind: TComplianceKind;
  standing: TStanding;
  /** The last valid day of what meets it (null: does not expire, or nothing meets it). */
  validUntil: string | null;
}

const requirementColumns = {
  id: complianceRequirements.id,
  kind: complianceRequirements.kind,
  name: complianceRequirements.name,
  requiredOfAll: complianceRequirements.requiredOfAll,
  validityDays: complianceRequirements.validityDays,
  minimumCover: complianceRequirements.minimumCover,
};

/** The enterprise's first reminder, in days: a valid item ending within it is `expiring`. */
export async function warningDaysOf(db: TDb, enterpriseId: string): Promise<number> {
  const [row] = await db
    .select({ days: enterprises.expiryFirstReminderDays })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row?.days ?? 30;
}

/** The enterprise's enabled requirements of these kinds, by name. */
export async function requirementsOf(
  db: TDb,
  enterpriseId: string,
  kinds: TComplianceKind[],
): Promise<TRequirementRow[]> {
  return db
    .select(requirementColumns)
    .from(complianceRequirements)
    .where(
      and(
        eq(complianceRequirements.enterpriseId, enterpriseId),
        inArray(complianceRequirements.kind, kinds),
        isNull(complianceRequirements.disabledAt),
      ),
    )
    .orderBy(sql`lower(${complianceRequirements.name})`);
}

type TEvidenceRow = TEvidenceDates & { requirementId: string; subjectId: string };

/** What the standing rule reads of a piece of evidence. */
const evidenceDateColumns = {
  requirementId: complianceEvidence.requirementId,
  status: complianceEvidence.status,
  validFrom: complianceEvidence.validFrom,
  validUntil: complianceEvidence.validUntil,
  submittedAt: complianceEvidence.submittedAt,
};

/** All evidence of the enterprise's requirements for these companies (documents) or people (the rest). */
async function evidenceOf(
  db: TDb,
  enterpriseId: string,
  subject: "supplier" | "worker",
  ids: string[],
  requirementIds: string[],
): Promise<TEvidenceRow[]> {
  if (ids.length === 0 || requirementIds.length === 0) return [];
  const column = subject === "supplier" ? complianceEvidence.supplierId : complianceEvidence.workerId;
  const rows = await db
    .select({ ...evidenceDateColumns, subjectId: column })
    .from(complianceEvidence)
    .where(
      and(
        eq(complianceEvidence.enterpriseId, enterpriseId),
        inArray(column, ids),
        inArray(complianceEvidence.requirementId, requirementIds),
        // A worker's evidence is about the person; a company's are its documents only.
        subject === "supplier" ? isNull(complianceEvidence.workerId) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, subjectId: r.subjectId as string, submittedAt: r.submittedAt.toISOString() }));
}

function linesFor(
  subjectIds: string[],
  requirements: TRequirementRow[],
  evidence: TEvidenceRow[],
  now: Date,
  warningDays: number,
): Map<string, TStandingLine[]> {
  const today = complianceToday(now);
  const bySubject = new Map<string, TEvidenceRow[]>();
  for (const e of evidence) {
    const key = `${e.subjectId} ${e.requirementId}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), e]);
  }
  return new Map(
    subjectIds.map((id) => [
      id,
      requirements.map((r) => ({
        requirementId: r.id,
        requirementName: r.name,
        kind: r.kind,
        ...standingOf(bySubject.get(`${id} ${r.id}`) ?? [], today, warningDays),
      })),
    ]),
  );
}

/**
 * Each company's standing against the enterprise's document requirements (every enabled one; `required` says which
 * the gates need).
 */
export async function companyStandings(db: TDb, enterpriseId: string, supplierIds: string[], now: Date) {
  // One after the other: the gates read this inside a transaction, whose one connection takes one query at a time.
  const requirements = await requirementsOf(db, enterpriseId, ["document"]);
  const warningDays = await warningDaysOf(db, enterpriseId);
  const evidence = await evidenceOf(
    db,
    enterpriseId,
    "supplier",
    supplierIds,
    requirements.map((r) => r.id),
  );
  const lines = linesFor(supplierIds, requirements, evidence, now, warningDays);
  const required = new Set(requirements.filter((r) => r.requiredOfAll).map((r) => r.id));
  return { lines, required };
}

/**
 * One company's standing against the document requirements of each of these enterprises (the admin's view of a
 * contractor): three queries whatever the number of enterprises; `required` says which the gates need.
 */
export async function companyStandingsAcross(db: TDb, supplierId: string, enterpriseIds: string[], now: Date) {
  const byEnterprise = new Map<string, { lines: TStandingLine[]; required: Set<string> }>();
  if (enterpriseIds.length === 0) return byEnterprise;
  const [requirements, warnings, evidence] = await Promise.all([
    db
      .select({ ...requirementColumns, enterpriseId: complianceRequirements.enterpriseId })
      .from(complianceRequirements)
      .where(
        and(
          inArray(complianceRequirements.enterpriseId, enterpriseIds),
          eq(complianceRequirements.kind, "document"),
          isNull(complianceRequirements.disabledAt),
        ),
      )
      .orderBy(sql`lower(${complianceRequirements.name})`),
    db
      .select({ id: enterprises.id, days: enterprises.expiryFirstReminderDays })
      .from(enterprises)
      .where(inArray(enterprises.id, enterpriseIds)),
    db
      .select({ ...evidenceDateColumns, enterpriseId: complianceEvidence.enterpriseId })
      .from(complianceEvidence)
      .where(
        and(
          eq(complianceEvidence.supplierId, supplierId),
          inArray(complianceEvidence.enterpriseId, enterpriseIds),
          isNull(complianceEvidence.workerId),
        ),
      ),
  ]);
  const days = new Map(warnings.map((w) => [w.id, w.days]));
  for (const enterpriseId of enterpriseIds) {
    const own = requirements.filter((r) => r.enterpriseId === enterpriseId);
    const mine = evidence
      .filter((e) => e.enterpriseId === enterpriseId)
      .map((e) => ({ ...e, subjectId: supplierId, submittedAt: e.submittedAt.toISOString() }));
    const lines = linesFor([supplierId], own, mine, now, days.get(enterpriseId) ?? 30).get(supplierId) ?? [];
    byEnterprise.set(enterpriseId, { lines, required: new Set(own.filter((r) => r.requiredOfAll).map((r) => r.id)) });
  }
  return byEnterprise;
}

/** The required company documents a contractor does not meet today (the affiliation and send gates). */
export async function companyGaps(db: TDb, enterpriseId: string, supplierId: string, now: Date) {
  const { lines, required } = await companyStandings(db, enterpriseId, [supplierId], now);
  return (lines.get(supplierId) ?? []).filter((l) => required.has(l.requirementId) && !meetsRequirement(l.standing));
}

/** A worker requirement as a crew needs it: of every member, or of one of them at least. */
export interface TCrewRequirement extends TRequirementRow {
  rule: TCrewRule;
}

/**
 * What a crew on a permit of this work type needs: the enterprise's worker requirements of everyone, and those the
 * work type names (with its rule). A requirement both of everyone and named by the work type is of everyone.
 */
export async function crewRequirementsOf(
  db: TDb,
  enterpriseId: string,
  workTypeId: string | null,
): Promise<TCrewRequirement[]> {
  const rows = await db
    .select({ ...requirementColumns, rule: workTypeRequirements.rule })
    .from(complianceRequirements)
    .leftJoin(
      workTypeRequirements,
      and(
        eq(workTypeRequirements.requirementId, complianceRequirements.id),
        workTypeId ? eq(workTypeRequirements.workTypeId, workTypeId) : sql`false`,
      ),
    )
    .where(
      and(
        eq(complianceRequirements.enterpriseId, enterpriseId),
        inArray(complianceRequirements.kind, ["competence", "induction"]),
        isNull(complianceRequirements.disabledAt),
        or(eq(complianceRequirements.requiredOfAll, true), sql`${workTypeRequirements.requirementId} IS NOT NULL`),
      ),
    )
    .orderBy(sql`lower(${complianceRequirements.name})`);
  return rows.map((r) => ({ ...r, rule: r.requiredOfAll ? "every_worker" : (r.rule ?? "every_worker") }));
}

/** Each person's standing against the given worker requirements. */
export async function workerStandings(
  db: TDb,
  enterpriseId: string,
  workerIds: string[],
  requirements: TRequirementRow[],
  now: Date,
) {
  // One after the other: the gates call this inside a transaction, whose one client takes one query at a time.
  const evidence = await evidenceOf(
    db,
    enterpriseId,
    "worker",
    workerIds,
    requirements.map((r) => r.id),
  );
  const warningDays = await warningDaysOf(db, enterpriseId);
  return linesFor(workerIds, requirements, evidence, now, warningDays);
}

/** One thing a crew lacks: who (null: nobody on the crew holds a `one_worker` requirement) and what. */
export interface TCrewGap {
  workerId: string | null;
  workerName: string | null;
  requirementId: string;
  requirementName: string;
  standing: TStanding;
}

/**
 * What the crew lacks for a permit of this work type today: each member without a requirement of everyone, and
 * each `one_worker` requirement no member meets. Empty: the crew may start.
 */
export async function crewGaps(
  db: TDb,
  permit: { enterpriseId: string; workTypeId: string | null },
  workerIds: string[],
  now: Date,
): Promise<TCrewGap[]> {
  const gaps = await crewGapsOf(
    db,
    [{ enterpriseId: permit.enterpriseId, workTypeId: permit.workTypeId, id: "", workerIds }],
    now,
  );
  return gaps.get("")!;
}
