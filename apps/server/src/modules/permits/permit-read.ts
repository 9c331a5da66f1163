import {
  permitActions,
  sendMissing,
  type TPermit,
  type TPermitDraftParsed,
  type TPermitFile,
  type TPermitSummary,
} from "@openpermit/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import {
  affiliations,
  criticalityLevels,
  divisions,
  enterprises,
  epis,
  files,
  matrixAxisLevels,
  matrixCells,
  permitChecklistItems,
  permitEpis,
  permitFiles,
  permitRisks,
  permitSpecificRisks,
  permits,
  risks,
  sectorPermissions,
  sectors,
  specificRisks,
  subSectors,
  suppliers,
  users,
  workTypes,
} from "../../db/schema";
import { epiIconUrl } from "../epis/epis.service";
import { notFound } from "../organisation/scope";
import { logogramUrl } from "../specific-risks/specific-risks.service";
import { relationOf, type TPermitParty } from "./permit-party";
import { isDraft, visiblePermits } from "./permit-scope";

const creator = alias(users, "creator");
const verifier = alias(users, "verifier");
const approver = alias(users, "approver");
const probability = alias(matrixAxisLevels, "probability");
const severity = alias(matrixAxisLevels, "severity");

const actor = (person: typeof creator | typeof verifier | typeof approver) => ({
  id: person.id,
  name: person.name,
  role: person.role,
});

/**
 * One query for the permits a party sees, with everything a summary shows and how the party stands to each
 * (its permissions-matrix cell for the permit's sector): a list page costs this one query.
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
      enterprise: { id: enterprises.id, name: enterprises.name },
      division: { id: divisions.id, name: divisions.name },
      sector: { id: sectors.id, name: sectors.name, number: sectors.number, deletedAt: sectors.deletedAt },
      subSector: {
        id: subSectors.id,
        name: subSectors.name,
        x: subSectors.x,
        y: subSectors.y,
        deletedAt: subSectors.deletedAt,
      },
      workType: { id: workTypes.id, name: workTypes.name, kind: workTypes.kind },
      contractor: { id: suppliers.id, name: suppliers.name },
      probability: { id: probability.id, label: probability.label },
      severity: { id: severity.id, label: severity.label },
      liveLevel: { name: criticalityLevels.name, colour: criticalityLevels.colour, flow: criticalityLevels.flow },
      createdBy: actor(creator),
      verifiedBy: actor(verifier),
      approvedBy: actor(approver),
      matrixCell: { canVerify: sectorPermissions.canVerify, canApprove: sectorPermissions.canApprove },
    })
    .from(permits)
    .innerJoin(enterprises, eq(enterprises.id, permits.enterpriseId))
    .leftJoin(divisions, eq(divisions.id, permits.divisionId))
    .leftJoin(sectors, eq(sectors.id, permits.sectorId))
    .leftJoin(subSectors, eq(subSectors.id, permits.subSectorId))
    .leftJoin(workTypes, eq(workTypes.id, permits.workTypeId))
    .leftJoin(suppliers, eq(suppliers.id, permits.supplierId))
    .leftJoin(probability, eq(probability.id, permits.probabilityId))
    .leftJoin(severity, eq(severity.id, permits.severityId))
    .leftJoin(
      matrixCells,
      and(eq(matrixCells.probabilityId, permits.probabilityId), eq(matrixCells.severityId, permits.severityId)),
    )
    .leftJoin(criticalityLevels, eq(criticalityLevels.id, matrixCells.levelId))
    .leftJoin(creator, eq(creator.id, permits.createdBy))
    .leftJoin(verifier, eq(verifier.id, permits.verifiedBy))
    .leftJoin(approver, eq(approver.id, permits.approvedBy))
    .leftJoin(
      sectorPermissions,
      and(eq(sectorPermissions.sectorId, permits.sectorId), eq(sectorPermissions.managerId, party.userId)),
    )
    .$dynamic();
}

export type TPermitRow = Awaited<ReturnType<ReturnType<typeof selectPermits>["execute"]>>[number];

/**
 * Runs `work` with the joins planned in the order written. selectPermits joins fifteen tables: searching their
 * best order took PostgreSQL 25–170 ms per query, fifty times longer than running it, and the written order
 * (permits first, then one lookup per join) is the best one anyway (docs/performance.md). SET LOCAL needs a
 * transaction, and ends with it.
 */
export async function inWrittenJoinOrder<T>(db: TDb, work: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL join_collapse_limit = 1`);
    return work(tx as unknown as TDb);
  });
}

/** One permit the party sees (404 otherwise), with its standing. */
export async function findVisiblePermit(db: TDb, party: TPermitParty, id: string, extra?: SQL): Promise<TPermitRow> {
  const [row] = await inWrittenJoinOrder(db, (tx) =>
    selectPermits(tx, party).where(and(visiblePermits(party), eq(permits.id, id), extra)),
  );
  if (!row) throw notFound("permit");
  return row;
}

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

export function toSummary(party: TPermitParty, row: TPermitRow): TPermitSummary {
  const { permit } = row;
  return {
    id: permit.id,
    documentNumber: permit.documentNumber,
    status: permit.status,
    internal: permit.internal,
    enterprise: row.enterprise,
    division: row.division,
    sector: row.sector
      ? { id: row.sector.id, name: row.sector.name, number: row.sector.number, deleted: row.sector.deletedAt !== null }
      : null,
    subSector: row.subSector
      ? {
          id: row.subSector.id,
          name: row.subSector.name,
          x: row.subSector.x,
          y: row.subSector.y,
          deleted: row.subSector.deletedAt !== null,
        }
      : null,
    workType: row.workType,
    contractor: row.contractor,
    taskTitle: permit.taskTitle,
    startAt: iso(permit.startAt),
    endAt: iso(permit.endAt),
    criticality: criticalityOf(row),
    createdBy: person(row.createdBy),
    createdAt: permit.createdAt.toISOString(),
    updatedAt: permit.updatedAt.toISOString(),
    actions: permitActions(permit.status, relationOfRow(party, row)),
  };
}

/** The draft's content as the contract's parsed draft (what sendMissing judges). */
export function draftOf(row: TPermitRow, ids: { riskIds: string[]; specificRiskIds: string[]; epiIds: string[] }) {
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
    answers: permit.answers,
    checklist: [],
  };
  return draft;
}

export const permitFileUrl = (permitId: string, fileId: string) => `/api/permits/${permitId}/files/${fileId}`;

/** The files of a permit, oldest first. */
export async function filesOfPermit(db: TDb, permitId: string): Promise<TPermitFile[]> {
  const rows = await db
    .select({
      id: permitFiles.id,
      name: permitFiles.name,
      contentType: files.contentType,
      byteSize: files.byteSize,
      createdAt: permitFiles.createdAt,
    })
    .from(permitFiles)
    .innerJoin(files, eq(files.id, permitFiles.fileId))
    .where(eq(permitFiles.permitId, permitId))
    .orderBy(asc(permitFiles.createdAt), asc(permitFiles.id));
  return rows.map((r) => ({ ...r, url: permitFileUrl(permitId, r.id), createdAt: r.createdAt.toISOString() }));
}

/** The lists a permit names (risks, specific risks, EPIs, checklist, files), in the form's order. */
async function contentOf(db: TDb, permitId: string) {
  const [riskRows, specificRows, epiRows, checklist, fileList] = await Promise.all([
    db
      .select({ id: risks.id, name: risks.name, critical: risks.critical })
      .from(permitRisks)
      .innerJoin(risks, eq(risks.id, permitRisks.riskId))
      .where(eq(permitRisks.permitId, permitId))
      .orderBy(asc(permitRisks.position)),
    db
      .select({
        id: specificRisks.id,
        name: specificRisks.name,
        logogramFileId: specificRisks.logogramFileId,
        trainingUrl: specificRisks.trainingUrl,
      })
      .from(permitSpecificRisks)
      .innerJoin(specificRisks, eq(specificRisks.id, permitSpecificRisks.specificRiskId))
      .where(eq(permitSpecificRisks.permitId, permitId))
      .orderBy(asc(permitSpecificRisks.position)),
    db
      .select({ id: epis.id, name: epis.name, iconFileId: epis.iconFileId })
      .from(permitEpis)
      .innerJoin(epis, eq(epis.id, permitEpis.epiId))
      .where(eq(permitEpis.permitId, permitId))
      .orderBy(asc(permitEpis.position)),
    db
      .select()
      .from(permitChecklistItems)
      .where(eq(permitChecklistItems.permitId, permitId))
      .orderBy(asc(permitChecklistItems.position)),
    filesOfPermit(db, permitId),
  ]);
  return {
    risks: riskRows,
    specificRisks: specificRows.map(({ logogramFileId, ...s }) => ({
      ...s,
      logogramUrl: logogramFileId ? logogramUrl(s.id, logogramFileId) : null,
    })),
    epis: epiRows.map(({ iconFileId, ...e }) => ({ ...e, iconUrl: iconFileId ? epiIconUrl(e.id, iconFileId) : null })),
    checklist: checklist.map((c) => ({
      source: c.source as "workType" | "specificRisk",
      sourceId: c.sourceId,
      index: c.itemIndex,
      checked: c.checked,
      sourceName: c.sourceName,
      text: c.text,
    })),
    files: fileList,
  };
}

/** Whether a contractor's supplier may still make permits for the enterprise (affiliated with it now). */
export async function isAffiliated(db: TDb, enterpriseId: string, supplierId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(affiliations)
    .where(
      and(
        eq(affiliations.enterpriseId, enterpriseId),
        eq(affiliations.supplierId, supplierId),
        eq(affiliations.status, "affiliated"),
      ),
    );
  return row !== undefined;
}

/** Whether the party may create permits for the enterprise (and so duplicate a permit of it it sees). */
export async function mayCreateFor(db: TDb, party: TPermitParty, enterpriseId: string): Promise<boolean> {
  if (party.side === "principal") return party.enterpriseId === enterpriseId;
  return isAffiliated(db, enterpriseId, party.supplierId);
}

/** The whole permit as the party reads it. */
export async function toPermit(db: TDb, party: TPermitParty, row: TPermitRow): Promise<TPermit> {
  const { permit } = row;
  const [content, mayCreate] = await Promise.all([
    contentOf(db, permit.id),
    mayCreateFor(db, party, permit.enterpriseId),
  ]);
  const relation = relationOfRow(party, row);
  const draft = isDraft(permit.status);
  return {
    ...toSummary(party, row),
    generalInformation: permit.generalInformation,
    jobDescription: permit.jobDescription,
    additionalInformation: permit.additionalInformation,
    subcontractor: permit.subcontractor,
    probability: row.probability,
    severity: row.severity,
    ...content,
    answers: permit.answers,
    sentAt: iso(permit.sentAt),
    verifiedBy: person(row.verifiedBy),
    verifiedAt: iso(permit.verifiedAt),
    approvedBy: person(row.approvedBy),
    approvedAt: iso(permit.approvedAt),
    remark: permit.remark,
    checkPath: permit.checkToken ? `/auth/permit-check/${permit.checkToken}` : null,
    canEdit: draft && (relation.isCreator || relation.isCreatorsSupplier),
    canDuplicate: mayCreate,
    sendMissing: draft
      ? sendMissing(
          draftOf(row, {
            riskIds: content.risks.map((r) => r.id),
            specificRiskIds: content.specificRisks.map((s) => s.id),
            epiIds: content.epis.map((e) => e.id),
          }),
        )
      : {},
  };
}

/** Reads a permit again after a change, as the party now sees it. */
export async function readPermit(db: TDb, party: TPermitParty, id: string): Promise<TPermit> {
  return toPermit(db, party, await findVisiblePermit(db, party, id));
}
