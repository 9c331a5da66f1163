import {
  isOverdue,
  LIVE_PERMIT_STATUSES,
  mayChangeCrew,
  mayRerate,
  maySignOff,
  maySignOn,
  permitActions,
  permitCheckPath,
  sendMissing,
  type TCrewActions,
  type TPermit,
  type TPermitDraftParsed,
  type TPermitFile,
  type TPermitState,
  type TPermitStatus,
} from "@openpermit/shared";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { offersOf } from "../../access/live-contractor";
import { mayCreatePermitsColumn, relationOf, type TPermitParty, visiblePermits } from "../../access/permits";
import type { TDb } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { criticalityLevels, matrixCells, permits, sectorPermissions } from "../../db/schema";
import { notFound } from "../../lib/not-found";
import { epiIconUrl } from "../epis/epis.service";
import { gasTestStateOf } from "../gas-tests/state";
import { logogramUrl, specificRiskFileUrl } from "../specific-risks/specific-risks.service";
import { DRAFT_STATUSES, isDraft } from "./draft-status";
import { contentLookups, detailLookups, summaryLookups } from "./permit-lookups";
import { handoverDueOf, shiftActionsOf } from "./shift/actions";
import { contentHashOf } from "./signatures/content-hash";

/** The joins of what the list's filters read (summaries, the list's ids and its count use the same ones). */
export const ofPermitsCell = and(
  eq(matrixCells.probabilityId, permits.probabilityId),
  eq(matrixCells.severityId, permits.severityId),
);
/**
 * A draft's live level (the shared `permitLevel` in SQL): the highest, in the enterprise's order, of its matrix
 * cell's level and the minimum levels of the risks and specific critical risks it names — none without a cell
 * level. Sent permits keep theirs in their own columns, so the subquery runs for drafts only.
 */
export const ofCellsLevel = sql`${criticalityLevels.id} = CASE WHEN ${inArray(permits.status, [...DRAFT_STATUSES])} AND ${matrixCells.levelId} IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = ${permits.enterpriseId} AND (
    l.id = ${matrixCells.levelId}
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = ${permits.id})
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = ${permits.id}))
  ORDER BY l.position DESC LIMIT 1) END`;
/** The party's permissions-matrix cell for the permit's sector. */
export const ofPartysStanding = (party: TPermitParty) =>
  and(eq(sectorPermissions.sectorId, permits.sectorId), eq(sectorPermissions.managerId, party.userId));

/**
 * One query for the permits a party sees, with what the permit and the calendar name and how the party stands to
 * each (its permissions-matrix cell for the permit's sector). Only what the list's filters read is joined (the
 * matrix cell, the live level); every name is a subquery (permit-lookups.ts). The list's rows are leaner
 * (list.read.ts).
 */
export function selectPermits<TExtra extends Record<string, SQL.Aliased | SQL>>(
  db: TDb,
  party: TPermitParty,
  extra: TExtra = {} as TExtra,
) {
  return db
    .select({
      ...extra,
      permit: permits,
      ...summaryLookups(),
      liveLevel: { name: criticalityLevels.name, colour: criticalityLevels.colour, flow: criticalityLevels.flow },
      matrixCell: { canVerify: sectorPermissions.canVerify, canApprove: sectorPermissions.canApprove },
    })
    .from(permits)
    .leftJoin(matrixCells, ofPermitsCell)
    .leftJoin(criticalityLevels, ofCellsLevel)
    .leftJoin(sectorPermissions, ofPartysStanding(party))
    .$dynamic();
}

export type TPermitRow = Awaited<ReturnType<ReturnType<typeof selectPermits>["execute"]>>[number];

/**
 * The party with its values as placeholders, for a prepared statement: the statement's text depends only on the
 * party's shape (its side, its role, whether it has a division), so a handful of statements serve everyone.
 */
function partyShape(party: TPermitParty): { key: string; shape: TPermitParty; values: Record<string, string> } {
  if (party.side === "contractor") {
    const shape = { ...party, userId: sql.placeholder("userId"), supplierId: sql.placeholder("supplierId") };
    return {
      key: `${party.side}_${party.role}`,
      shape: shape as unknown as TPermitParty,
      values: { userId: party.userId, supplierId: party.supplierId },
    };
  }
  const shape = {
    ...party,
    userId: sql.placeholder("userId"),
    enterpriseId: sql.placeholder("enterpriseId"),
    divisionId: party.divisionId === null ? null : sql.placeholder("divisionId"),
  };
  return {
    key: `${party.side}_${party.role}_${party.divisionId === null ? "all" : "division"}`,
    shape: shape as unknown as TPermitParty,
    values: {
      userId: party.userId,
      enterpriseId: party.enterpriseId,
      ...(party.divisionId === null ? {} : { divisionId: party.divisionId }),
    },
  };
}

/** One permit the party sees (404 otherwise), with its standing. */
export async function findVisiblePermit(db: TDb, party: TPermitParty, id: string): Promise<TPermitRow> {
  const { key, shape, values } = partyShape(party);
  const query = preparedOnce(db, `permit_${key}`, (name) =>
    selectPermits(db, shape)
      .where(and(visiblePermits(shape), eq(permits.id, sql.placeholder("id"))))
      .prepare(name),
  );
  const [row] = await query.execute({ ...values, id });
  if (!row) throw notFound("permit");
  return row;
}

/** One permit the party sees with everything the whole permit shows, in one query (404 otherwise). */
export async function findVisiblePermitWhole(db: TDb, party: TPermitParty, id: string) {
  const { key, shape, values } = partyShape(party);
  const query = preparedOnce(db, `whole_permit_${key}`, (name) =>
    selectPermits(db, shape, { ...detailLookups(), ...contentLookups(), mayCreate: mayCreatePermitsColumn(shape) })
      .where(and(visiblePermits(shape), eq(permits.id, sql.placeholder("id"))))
      .prepare(name),
  );
  const [row] = await query.execute({ ...values, id });
  if (!row) throw notFound("permit");
  return row;
}

export type TWholePermitRow = Awaited<ReturnType<typeof findVisiblePermitWhole>>;

export const relationOfRow = (party: TPermitParty, row: TPermitRow) =>
  relationOf(party, {
    ...row.permit,
    canVerify: row.matrixCell?.canVerify ?? null,
    canApprove: row.matrixCell?.canApprove ?? null,
  });

type TActorRow = { id: string | null; name: string | null; role: string | null } | null;
/** A person who acted, or null once the account is deleted. */
const person = (row: TActorRow) => (row?.id ? { id: row.id, name: row.name ?? "", role: row.role ?? "" } : null);

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Live from the matrix while a draft; as it was at the last send afterwards. */
function criticalityOf(row: TPermitRow): TPermit["criticality"] {
  const { permit } = row;
  if (isDraft(permit.status)) return row.liveLevel ? { ...row.liveLevel } : null;
  if (!permit.levelName || !permit.levelColour || !permit.levelFlow) return null;
  return { name: permit.levelName, colour: permit.levelColour, flow: permit.levelFlow };
}

/** What beyond its status decides the permit's actions (the workflow table's state). */
export const stateOfRow = (row: TPermitRow): TPermitState => ({
  closedOut: row.permit.closedOutAt !== null,
  suspended: row.permit.suspendedAt !== null,
});
/** In progress with its close-out recorded: waiting for its hand-back. */
export const awaitingHandBack = (permit: { status: TPermitStatus; closedOutAt: Date | null }) =>
  permit.status === "In_progress" && permit.closedOutAt !== null;

/** Work closed out and waiting for its hand-back is not overdue: nobody works under it any more. */
export const overdueNow = (
  permit: { status: TPermitStatus; endAt: Date | null; closedOutAt: Date | null },
  now: Date,
) => isOverdue(permit.status, permit.endAt, now) && !awaitingHandBack(permit);

/** Suspended now: the flag is kept on a permit cancelled or handed back while suspended, but is no state of it. */
export const suspendedNow = (permit: { status: TPermitStatus; suspendedAt: Date | null }) =>
  permit.suspendedAt !== null && (LIVE_PERMIT_STATUSES as readonly string[]).includes(permit.status);

/** What the whole permit and the calendar's events read of a permit row besides its content and signatures. */
type TPermitBase = Pick<
  TPermit,
  | "id"
  | "documentNumber"
  | "status"
  | "internal"
  | "enterprise"
  | "division"
  | "sector"
  | "subSector"
  | "workType"
  | "contractor"
  | "taskTitle"
  | "startAt"
  | "endAt"
  | "criticality"
  | "createdBy"
  | "createdAt"
  | "updatedAt"
  | "awaitingHandBack"
  | "actions"
  | "overdue"
  | "expired"
  | "suspension"
  | "gasTest"
  | "complianceLapse"
  | "handoverDue"
>;

export function toPermitBase(party: TPermitParty, row: TPermitRow): TPermitBase {
  const { permit } = row;
  return {
    id: permit.id,
    documentNumber: permit.documentNumber,
    status: permit.status,
    internal: permit.internal,
    enterprise: row.enterprise,
    division: row.division,
    sector: row.sector,
    subSector: row.subSector,
    workType: row.workType,
    contractor: row.contractor,
    taskTitle: permit.taskTitle,
    startAt: iso(permit.startAt),
    endAt: iso(permit.endAt),
    criticality: criticalityOf(row),
    createdBy: person(row.createdBy),
    createdAt: permit.createdAt.toISOString(),
    updatedAt: permit.updatedAt.toISOString(),
    awaitingHandBack: awaitingHandBack(permit),
    actions: permitActions(permit.status, relationOfRow(party, row), stateOfRow(row)),
    overdue: overdueNow(permit, new Date()),
    expired: permit.expiredAt !== null,
    suspension: suspensionOf(row),
    gasTest: gasTestStateOf(row.gasTestRule, permit, new Date()),
    complianceLapse: permit.complianceLapsedAt
      ? { at: permit.complianceLapsedAt.toISOString(), gaps: permit.complianceLapse ?? [] }
      : null,
    handoverDue: handoverDueOf(permit, row.shiftLengthHours, new Date()),
  };
}

/** Who suspended it, when, why and through which emergency stop; null when it is not suspended. */
function suspensionOf(row: TPermitRow): TPermit["suspension"] {
  const { permit } = row;
  if (!permit.suspendedAt || !suspendedNow(permit)) return null;
  return {
    by: person(row.suspendedBy),
    at: permit.suspendedAt.toISOString(),
    reason: permit.suspensionReason ?? "",
    emergencyId: permit.suspendedByEmergencyId,
  };
}

/** The draft's content as the contract's parsed draft (what sendMissing judges). */
export function draftOf(
  row: TPermitRow,
  ids: { riskIds: string[]; specificRiskIds: string[]; epiIds: string[] },
  checklist: TPermitDraftParsed["checklist"] = [],
  crewIds: string[] = [],
) {
  const { permit } = row;
  const draft: TPermitDraftParsed = {
    enterpriseId: permit.enterpriseId,
    sectorId: permit.sectorId,
    subSectorId: permit.subSectorId,
    workTypeId: permit.workTypeId,
    taskTitle: permit.taskTitle,
    jobDescription: permit.jobDescription,
    generalInformation: permit.generalInformation,
    additionalInformation: permit.additionalInformation,
    subcontractor: permit.subcontractor,
    startAt: iso(permit.startAt),
    endAt: iso(permit.endAt),
    probabilityId: permit.probabilityId,
    severityId: permit.severityId,
    ...ids,
    crewIds,
    answers: permit.answers,
    newRiskDescription: permit.newRiskDescription,
    checklist,
  };
  return draft;
}

export const permitFileUrl = (permitId: string, fileId: string) => `/api/permits/${permitId}/files/${fileId}`;

/** The lists a permit names, as the contract has them (file and picture URLs made here). */
function contentOf(row: TWholePermitRow) {
  return {
    risks: row.risks,
    specificRisks: row.specificRisks.map(({ logogramFileId, procedureLinks, procedureFiles, ...s }) => ({
      ...s,
      logogramUrl: logogramFileId ? logogramUrl(s.id, logogramFileId) : null,
      procedures: [
        ...procedureLinks.map((link) => ({ name: link.title, url: link.url, kind: "link" as const })),
        ...procedureFiles.map((file) => ({
          name: file.name,
          url: specificRiskFileUrl(s.id, file.id),
          kind: "file" as const,
        })),
      ],
    })),
    epis: row.epis.map(({ iconFileId, ...e }) => ({ ...e, iconUrl: iconFileId ? epiIconUrl(e.id, iconFileId) : null })),
    checklist: row.checklist,
    files: row.files.map((f): TPermitFile => ({ ...f, url: permitFileUrl(row.permit.id, f.id) })),
  };
}

/** What the party may do with the crew now: change it; sign on or off whom (itself, or anyone as the holder). */
function crewActionsOf(party: TPermitParty, row: TWholePermitRow): TCrewActions {
  const relation = relationOfRow(party, row);
  const state = stateOfRow(row);
  const { status } = row.permit;
  const isWorker = (id: string) => id === party.userId;
  return {
    change: mayChangeCrew(status, relation, state),
    signOn: row.crew
      .filter((w) => w.signedOnAt === null && maySignOn(status, relation, state, isWorker(w.id)))
      .map((w) => w.id),
    signOff: row.crew.filter((w) => w.signedOnAt !== null && maySignOff(relation, isWorker(w.id))).map((w) => w.id),
  };
}

/** The whole permit as the party reads it. */
export function toPermit(party: TPermitParty, row: TWholePermitRow): TPermit {
  const { permit } = row;
  const content = contentOf(row);
  const relation = relationOfRow(party, row);
  const draft = isDraft(permit.status);
  const whole = {
    ...toPermitBase(party, row),
    generalInformation: permit.generalInformation,
    jobDescription: permit.jobDescription,
    additionalInformation: permit.additionalInformation,
    subcontractor: permit.subcontractor,
    probability: row.probability,
    severity: row.severity,
    ...content,
    answers: permit.answers,
    newRiskDescription: permit.newRiskDescription,
    sentAt: iso(permit.sentAt),
    verifiedBy: person(row.verifiedBy),
    verifiedAt: iso(permit.verifiedAt),
    approvedBy: person(row.approvedBy),
    approvedAt: iso(permit.approvedAt),
    acceptedBy: person(row.acceptedBy),
    acceptedAt: iso(permit.acceptedAt),
    acceptanceDeclaration: permit.acceptanceDeclaration,
    remark: permit.remark,
    signatures: row.signatures,
    closeOut:
      permit.closeOut && permit.closedOutAt
        ? { ...permit.closeOut, by: person(row.closedOutBy), at: permit.closedOutAt.toISOString() }
        : null,
    checkPath: permit.checkToken ? permitCheckPath(permit.checkToken) : null,
    crew: row.crew,
    crewActions: crewActionsOf(party, row),
    holder: person(row.holder),
    shiftStartedAt: iso(permit.shiftStartedAt),
    extensions: row.extensions,
    handovers: row.handovers,
    shiftActions: shiftActionsOf(party.userId, relation, stateOfRow(row), {
      status: permit.status,
      levelFlow: permit.levelFlow,
      extensions: row.extensions,
      handovers: row.handovers,
    }),
    canEdit: draft && (relation.isCreator || relation.isCreatorsSupplier),
    canDuplicate: row.mayCreate,
    canRerate: mayRerate(permit.status, relation),
    sendMissing: draft
      ? sendMissing(
          draftOf(
            row,
            {
              riskIds: content.risks.map((r) => r.id),
              specificRiskIds: content.specificRisks.map((s) => s.id),
              epiIds: content.epis.map((e) => e.id),
            },
            content.checklist,
          ),
        )
      : {},
  };
  // What a signature made now would vouch for: the sign dialog sends it back, so nobody signs content they did not see.
  // A contractor detached, or whose enterprise is not active, is offered only what stops or withdraws work.
  const offered = offersOf(whole, party.side !== "contractor" || row.mayCreate);
  return { ...offered, contentHash: contentHashOf(offered) };
}

/** Reads a permit again after a change, as the party now sees it. */
export async function readPermit(db: TDb, party: TPermitParty, id: string): Promise<TPermit> {
  return toPermit(party, await findVisiblePermitWhole(db, party, id));
}
