import { complianceToday, meetsRequirement, standingOf, type TEvidenceDates, type TStanding } from "@openpermit/shared";
import { and, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { complianceEvidence, complianceRequirements, users, workTypeRequirements } from "../../db/schema";
import type { TCrewGap, TCrewRequirement } from "./standing";

/** A permit's crew as the gates judge it: the people on it, for its enterprise and work type. */
export interface TCrewOfPermit {
  id: string;
  enterpriseId: string;
  workTypeId: string | null;
  workerIds: string[];
}

/**
 * The worker requirements of these enterprises, once per work type that names them (`workTypeId` null: required of
 * every crew member whatever the work type).
 */
async function requirementsByWorkType(db: TDb, enterpriseIds: string[]) {
  const rows = await db
    .select({
      id: complianceRequirements.id,
      enterpriseId: complianceRequirements.enterpriseId,
      kind: complianceRequirements.kind,
      name: complianceRequirements.name,
      requiredOfAll: complianceRequirements.requiredOfAll,
      validityDays: complianceRequirements.validityDays,
      minimumCover: complianceRequirements.minimumCover,
      workTypeId: workTypeRequirements.workTypeId,
      rule: workTypeRequirements.rule,
    })
    .from(complianceRequirements)
    .leftJoin(workTypeRequirements, sql`${workTypeRequirements.requirementId} = ${complianceRequirements.id}`)
    .where(
      and(
        inArray(complianceRequirements.enterpriseId, enterpriseIds),
        inArray(complianceRequirements.kind, ["competence", "induction"]),
        isNull(complianceRequirements.disabledAt),
        or(sql`${complianceRequirements.requiredOfAll}`, isNotNull(workTypeRequirements.requirementId)),
      ),
    )
    .orderBy(sql`lower(${complianceRequirements.name})`);
  return rows;
}

/** What a permit's crew needs (as crewRequirementsOf answers for one work type), from the rows above. */
function requirementsFor(
  rows: Awaited<ReturnType<typeof requirementsByWorkType>>,
  permit: TCrewOfPermit,
): TCrewRequirement[] {
  const needed = new Map<string, TCrewRequirement>();
  for (const { workTypeId, rule, enterpriseId, ...r } of rows) {
    if (enterpriseId !== permit.enterpriseId) continue;
    const named = workTypeId !== null && workTypeId === permit.workTypeId;
    if (!r.requiredOfAll && !named) continue;
    // Of everyone wins over a work type's one-worker rule.
    const crewRule = r.requiredOfAll ? "every_worker" : (rule ?? "every_worker");
    if (!needed.has(r.id) || crewRule === "every_worker") needed.set(r.id, { ...r, rule: crewRule });
  }
  return [...needed.values()];
}

/**
 * What each permit's crew lacks today (docs/safety.md, "Contractor compliance"): each member without a requirement
 * of every worker, and each `one_worker` requirement no member meets. In four queries whatever the number of
 * permits: the start gate, the scheduler's automatic start and the lapse watch read the same rule.
 */
export async function crewGapsOf(db: TDb, crews: TCrewOfPermit[], now: Date): Promise<Map<string, TCrewGap[]>> {
  const result = new Map<string, TCrewGap[]>(crews.map((c) => [c.id, []]));
  if (crews.length === 0) return result;
  const rows = await requirementsByWorkType(db, [...new Set(crews.map((c) => c.enterpriseId))]);
  if (rows.length === 0) return result;
  const workerIds = [...new Set(crews.flatMap((c) => c.workerIds))];
  const requirementIds = [...new Set(rows.map((r) => r.id))];
  if (workerIds.length === 0) {
    // Nobody to hold anything: every one-worker requirement is missing (every-worker ones have nobody to lack them).
    return fillGaps(result, crews, rows, () => "missing", new Map());
  }
  // One after the other: the start gate reads this inside its transaction (one connection, one query at a time).
  const evidence = await db
    .select({
      requirementId: complianceEvidence.requirementId,
      workerId: complianceEvidence.workerId,
      status: complianceEvidence.status,
      validFrom: complianceEvidence.validFrom,
      validUntil: complianceEvidence.validUntil,
      submittedAt: complianceEvidence.submittedAt,
    })
    .from(complianceEvidence)
    .where(
      and(inArray(complianceEvidence.workerId, workerIds), inArray(complianceEvidence.requirementId, requirementIds)),
    );
  const names = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, workerIds));
  const byKey = new Map<string, TEvidenceDates[]>();
  for (const e of evidence) {
    const key = `${e.workerId} ${e.requirementId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), { ...e, submittedAt: e.submittedAt.toISOString() }]);
  }
  const today = complianceToday(now);
  // Meeting a requirement does not depend on the warning window (expiring still meets it): none is needed here.
  const standing = (workerId: string, requirementId: string) =>
    standingOf(byKey.get(`${workerId} ${requirementId}`) ?? [], today, 0).standing;
  return fillGaps(result, crews, rows, standing, new Map(names.map((n) => [n.id, n.name])));
}

/** Each crew's gaps, from where each member stands on each requirement. */
function fillGaps(
  result: Map<string, TCrewGap[]>,
  crews: TCrewOfPermit[],
  rows: Awaited<ReturnType<typeof requirementsByWorkType>>,
  standing: (workerId: string, requirementId: string) => TStanding,
  nameOf: Map<string, string>,
): Map<string, TCrewGap[]> {
  for (const crew of crews) {
    const gaps = result.get(crew.id)!;
    for (const r of requirementsFor(rows, crew)) {
      const standings = crew.workerIds.map((id) => ({ id, standing: standing(id, r.id) }));
      if (r.rule === "every_worker") {
        for (const { id, standing: s } of standings.filter((x) => !meetsRequirement(x.standing))) {
          gaps.push({
            workerId: id,
            workerName: nameOf.get(id) ?? null,
            requirementId: r.id,
            requirementName: r.name,
            standing: s,
          });
        }
      } else if (!standings.some((x) => meetsRequirement(x.standing))) {
        gaps.push({
          workerId: null,
          workerName: null,
          requirementId: r.id,
          requirementName: r.name,
          standing: "missing",
        });
      }
    }
  }
  return result;
}
