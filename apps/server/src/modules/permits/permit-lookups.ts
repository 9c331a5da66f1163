import type { TPermitCrewMember, TPermitSignature } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import {
  divisions,
  enterprises,
  epis,
  files,
  matrixAxisLevels,
  permitChecklistItems,
  permitCrew,
  permitCrewSignOns,
  permitEpis,
  permitFiles,
  permitRisks,
  permitSignatures,
  permitSpecificRisks,
  procedureFiles,
  risks,
  sectors,
  specificRisks,
  subSectors,
  suppliers,
  users,
  workTypes,
} from "../../db/schema";
import { shiftLookups } from "./shift/lookups";

/**
 * What a permit names, read as correlated subqueries of the permit's own row, each returning JSON: one lookup by
 * primary key per name. Joined instead, fifteen tables made PostgreSQL search join orders for 7–25 ms per query,
 * ten times the time to run it; a subquery in the SELECT list is planned on its own, in well under a millisecond
 * (docs/performance.md). The lists (risks, EPIs, checklist, files) come the same way, so a whole permit is one query.
 */

/** A column of the outer permit row, qualified by hand: inside the subquery nothing else is called `permits`. */
export const outer = (column: string) => sql`${sql.identifier("permits")}.${sql.identifier(column)}`;

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it (what the contract's dates are). */
export const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type TNamed = { id: string; name: string };
export type TActor = { id: string; name: string; role: string };

export const actorOf = (column: string) =>
  sql<TActor | null>`(SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM ${users} u WHERE u.id = ${outer(column)})`;

const axisLevelOf = (column: string) =>
  sql<{ id: string; label: string } | null>`(SELECT json_build_object('id', l.id, 'label', l.label)
    FROM ${matrixAxisLevels} l WHERE l.id = ${outer(column)})`;

/** Everything a permit's summary names besides its own columns. */
export function summaryLookups() {
  return {
    enterprise: sql<TNamed>`(SELECT json_build_object('id', e.id, 'name', e.name)
      FROM ${enterprises} e WHERE e.id = ${outer("enterprise_id")})`,
    division: sql<TNamed | null>`(SELECT json_build_object('id', d.id, 'name', d.name)
      FROM ${divisions} d WHERE d.id = ${outer("division_id")})`,
    sector: sql<{ id: string; name: string; number: number; deleted: boolean } | null>`(SELECT
      json_build_object('id', s.id, 'name', s.name, 'number', s.number, 'deleted', s.deleted_at IS NOT NULL)
      FROM ${sectors} s WHERE s.id = ${outer("sector_id")})`,
    subSector: sql<{ id: string; name: string; x: number; y: number; deleted: boolean } | null>`(SELECT
      json_build_object('id', s.id, 'name', s.name, 'x', s.x, 'y', s.y, 'deleted', s.deleted_at IS NOT NULL)
      FROM ${subSectors} s WHERE s.id = ${outer("sub_sector_id")})`,
    workType: sql<{ id: string; name: string; kind: string } | null>`(SELECT
      json_build_object('id', w.id, 'name', w.name, 'kind', w.kind)
      FROM ${workTypes} w WHERE w.id = ${outer("work_type_id")})`,
    contractor: sql<TNamed | null>`(SELECT json_build_object('id', s.id, 'name', s.name)
      FROM ${suppliers} s WHERE s.id = ${outer("supplier_id")})`,
    // Its work type's gas-test rule (null when it requires none): the permit's gas-test state reads it.
    gasTestRule: sql<{ retestMinutes: number } | null>`(SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM ${workTypes} w WHERE w.id = ${outer("work_type_id")} AND w.gas_test_required)`,
    createdBy: actorOf("created_by"),
    // Lists mark a suspended permit and say by whom (null for every other permit: no lookup runs).
    suspendedBy: actorOf("suspended_by"),
    // The enterprise's shift length: lists flag work in progress whose handover is due (shift/lookups.ts).
    shiftLengthHours: sql<number | null>`(SELECT e.shift_length_hours FROM ${enterprises} e
      WHERE e.id = ${outer("enterprise_id")})`,
  };
}

/** What the whole permit adds to its summary's names. */
export function detailLookups() {
  return {
    probability: axisLevelOf("probability_id"),
    severity: axisLevelOf("severity_id"),
    verifiedBy: actorOf("verified_by"),
    approvedBy: actorOf("approved_by"),
    acceptedBy: actorOf("accepted_by"),
    closedOutBy: actorOf("closed_out_by"),
    // Oldest first, voided ones kept (docs/safety.md, Authorisation).
    signatures: sql<TPermitSignature[]>`(SELECT coalesce(json_agg(json_build_object('kind', g.kind,
        'signer', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM ${users} u WHERE u.id = g.signer_id),
        'signedAt', ${isoText(sql`g.signed_at`)}, 'language', g.language, 'declaration', g.declaration,
        'contentHash', g.content_hash, 'voidedAt', ${isoText(sql`g.voided_at`)}) ORDER BY g.signed_at, g.id), '[]')
      FROM ${permitSignatures} g WHERE g.permit_id = ${outer("id")})`,
    crew: crewLookup(),
    ...shiftLookups(),
  };
}

/** The crew in its order, each worker with their open sign-on (if any) or else their last sign-off. */
function crewLookup() {
  return sql<TPermitCrewMember[]>`(SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name,
      'signedOnAt', ${isoText(sql`o.signed_on_at`)},
      'signedOnBy', (SELECT json_build_object('id', b.id, 'name', b.name) FROM ${users} b WHERE b.id = o.signed_on_by),
      'signedOffAt', CASE WHEN o.id IS NULL THEN (SELECT ${isoText(sql`max(f.signed_off_at)`)} FROM ${permitCrewSignOns} f
        WHERE f.permit_id = c.permit_id AND f.worker_id = c.worker_id) END) ORDER BY c.position), '[]')
    FROM ${permitCrew} c JOIN ${users} u ON u.id = c.worker_id
    LEFT JOIN ${permitCrewSignOns} o ON o.permit_id = c.permit_id AND o.worker_id = c.worker_id AND o.signed_off_at IS NULL
    WHERE c.permit_id = ${outer("id")})`;
}

export type TChecklistRow = {
  source: "workType" | "specificRisk";
  sourceId: string;
  index: number;
  checked: boolean;
  notApplicable: boolean;
  notApplicableReason: string;
  sourceName: string;
  text: string;
};

type TSpecificRiskRow = {
  id: string;
  name: string;
  logogramFileId: string | null;
  trainingUrl: string | null;
  procedureLinks: { title: string; url: string }[];
  procedureFiles: { id: string; name: string }[];
};

/** The lists a permit names, each in the form's order (files oldest first). */
export function contentLookups() {
  const id = outer("id");
  return {
    risks: sql<{ id: string; name: string; critical: boolean }[]>`(SELECT
      coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'critical', r.critical) ORDER BY pr.position), '[]')
      FROM ${permitRisks} pr JOIN ${risks} r ON r.id = pr.risk_id WHERE pr.permit_id = ${id})`,
    // With their procedures as the holder reads them before accepting: the links, then the files oldest first.
    specificRisks: sql<TSpecificRiskRow[]>`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'logogramFileId', r.logogram_file_id, 'trainingUrl', r.training_url, 'procedureLinks', r.procedure_links,
        'procedureFiles', (SELECT coalesce(json_agg(json_build_object('id', pf.file_id, 'name', pf.name)
          ORDER BY f.created_at, pf.file_id), '[]')
          FROM ${procedureFiles} pf JOIN ${files} f ON f.id = pf.file_id WHERE pf.specific_risk_id = r.id))
        ORDER BY ps.position), '[]')
      FROM ${permitSpecificRisks} ps JOIN ${specificRisks} r ON r.id = ps.specific_risk_id WHERE ps.permit_id = ${id})`,
    epis: sql<{ id: string; name: string; nameFr: string; iconFileId: string | null }[]>`(SELECT
      coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'nameFr', e.name_fr, 'iconFileId', e.icon_file_id)
        ORDER BY pe.position), '[]')
      FROM ${permitEpis} pe JOIN ${epis} e ON e.id = pe.epi_id WHERE pe.permit_id = ${id})`,
    checklist: sql<TChecklistRow[]>`(SELECT coalesce(json_agg(json_build_object('source', c.source,
        'sourceId', c.source_id, 'index', c.item_index, 'checked', c.checked, 'notApplicable', c.not_applicable,
        'notApplicableReason', c.not_applicable_reason, 'sourceName', c.source_name, 'text', c.text)
        ORDER BY c.position), '[]')
      FROM ${permitChecklistItems} c WHERE c.permit_id = ${id})`,
    files: sql<{ id: string; name: string; contentType: string; byteSize: number; createdAt: string }[]>`(SELECT
      coalesce(json_agg(json_build_object('id', pf.id, 'name', pf.name, 'contentType', f.content_type,
        'byteSize', f.byte_size, 'createdAt', ${isoText(sql`pf.created_at`)}) ORDER BY pf.created_at, pf.id), '[]')
      FROM ${permitFiles} pf JOIN ${files} f ON f.id = pf.file_id WHERE pf.permit_id = ${id})`,
  };
}
