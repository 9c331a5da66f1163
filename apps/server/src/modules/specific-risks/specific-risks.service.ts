import { ICON_TYPES, type TProcedureFile, type TSpecificRisk, type TSpecificRiskInput } from "@openpermit/shared";
import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { enterpriseSpecificRisks, visibleSpecificRisk } from "../../access/configuration";
import { contractorEnterprises } from "../../access/files";
import { isContractor, readScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { links, riskAssignmentSpecificRisks, specificRiskLinks, specificRisks } from "../../db/schema";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { toIcon } from "../epis/epis.service";
import { fileRecord, removeImage, replaceImage } from "../files/files.service";
import { assertLinksOf, toLink } from "../links/links.service";
import { filesOfOwners, type TProcedureFileOwnerKind } from "../procedure-files/procedure-files.service";
import { checkMinLevel } from "../risk-matrix/min-level";
import { notApplicableWrite, positionsOutside } from "../work-types/checklist-not-applicable";
import { selectSpecificRisks, type TSpecificRiskRow } from "./specific-risks.repository";

const base = (id: string) => `/api/specific-risks/${id}`;
export const logogramUrl = (id: string, fileId: string) => `${base(id)}/logogram?v=${fileId}`;
/** A procedure file of the specific risk, readable by the enterprise's people and its affiliated contractors. */
export const specificRiskFileUrl = (id: string, fileId: string) => `${base(id)}/files/${fileId}`;

/** Rows as the API gives them, with their links and files (three queries, whatever the number of rows). */
async function toSpecificRisks(ctx: TContext, rows: TSpecificRiskRow[]): Promise<TSpecificRisk[]> {
  const ids = rows.map((r) => r.risk.id);
  const [linkRows, filesByRisk] = await Promise.all([
    ids.length === 0
      ? []
      : ctx.db
          .select({ specificRiskId: specificRiskLinks.specificRiskId, link: links })
          .from(specificRiskLinks)
          .innerJoin(links, eq(links.id, specificRiskLinks.linkId))
          .where(inArray(specificRiskLinks.specificRiskId, ids))
          .orderBy(asc(specificRiskLinks.position)),
    filesOfOwners(ctx, SPECIFIC_RISK_FILES, ids),
  ]);
  return rows.map(({ risk, logogram: logo }) => ({
    id: risk.id,
    name: risk.name,
    description: risk.description,
    checklist: risk.checklist,
    checklistMayBeNotApplicable: risk.checklistMayBeNotApplicable,
    trainingUrl: risk.trainingUrl,
    procedureLinks: risk.procedureLinks,
    links: linkRows.filter((l) => l.specificRiskId === risk.id).map((l) => toLink(l.link)),
    logogram: logo ? toIcon(logogramUrl(risk.id, logo.id), logo) : null,
    files: filesByRisk.get(risk.id) ?? ([] as TProcedureFile[]),
    minLevelId: risk.minLevelId,
    createdAt: risk.createdAt.toISOString(),
  }));
}

/** Specific risks as owners of procedure files (/api/specific-risks/:id/files…). */
export const SPECIFIC_RISK_FILES: TProcedureFileOwnerKind = {
  column: "specificRiskId",
  base,
  assertVisible: visibleSpecificRisk,
  enterpriseOf: async (ctx, id) =>
    (
      await ctx.db
        .select({ enterpriseId: specificRisks.enterpriseId })
        .from(specificRisks)
        .where(eq(specificRisks.id, id))
    )[0]?.enterpriseId ?? null,
};

async function readOne(ctx: TContext, enterpriseId: string, id: string): Promise<TSpecificRisk> {
  const [risk] = await toSpecificRisks(ctx, [await visibleSpecificRisk(ctx, enterpriseId, id)]);
  return risk!;
}

async function replaceLinks(tx: TDb, id: string, linkIds: string[]) {
  await tx.delete(specificRiskLinks).where(eq(specificRiskLinks.specificRiskId, id));
  if (linkIds.length > 0) {
    await tx
      .insert(specificRiskLinks)
      .values(linkIds.map((linkId, position) => ({ specificRiskId: id, linkId, position })));
  }
}

export async function listSpecificRisks(
  ctx: TContext,
  caller: TCaller,
  query: { q?: string | undefined; enterpriseId?: string | undefined; page: number; pageSize: number },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const where = and(
    enterpriseSpecificRisks(scope.enterpriseId),
    query.q ? ilike(specificRisks.name, containing(query.q)) : undefined,
  )!;
  const [rows, [total]] = await Promise.all([
    selectSpecificRisks(ctx.db, where)
      .orderBy(asc(sql`lower(${specificRisks.name})`), asc(specificRisks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(specificRisks).where(where),
  ]);
  return pageOf(await toSpecificRisks(ctx, rows), query, total?.n ?? 0);
}

export async function getSpecificRisk(ctx: TContext, caller: TCaller, id: string, enterpriseId?: string) {
  const scope = await readScope(ctx, caller, enterpriseId);
  return readOne(ctx, scope.enterpriseId, id);
}

export async function createSpecificRisk(ctx: TContext, caller: TCaller, input: TSpecificRiskInput) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await checkMinLevel(ctx.db, scope.enterpriseId, input.minLevelId);
  const { linkIds, ...fields } = input;
  notApplicableWrite(input, specificRisks.checklist);
  const unique = [...new Set(linkIds)];
  await assertLinksOf(ctx.db, scope.enterpriseId, unique);
  const id = await inTransaction(ctx.pool, async (tx) => {
    const [created] = await tx
      .insert(specificRisks)
      .values({ ...fields, enterpriseId: scope.enterpriseId })
      .returning({ id: specificRisks.id });
    await replaceLinks(tx, created!.id, unique);
    return created!.id;
  });
  ctx.log.info({ event: "specific-risk-created", id, by: scope.userId }, "specific risk created");
  return readOne(ctx, scope.enterpriseId, id);
}

export async function updateSpecificRisk(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: Partial<TSpecificRiskInput>,
) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await checkMinLevel(ctx.db, scope.enterpriseId, input.minLevelId);
  const { linkIds, ...fields } = input;
  const unique = linkIds === undefined ? undefined : [...new Set(linkIds)];
  if (unique) await assertLinksOf(ctx.db, scope.enterpriseId, unique);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const { positions, guard } = notApplicableWrite(input, specificRisks.checklist);
  const visible = and(enterpriseSpecificRisks(scope.enterpriseId), eq(specificRisks.id, id));
  await inTransaction(ctx.pool, async (tx) => {
    const updated = await tx
      .update(specificRisks)
      .set({ ...changes, checklistMayBeNotApplicable: positions, updatedAt: new Date() })
      .where(and(visible, guard))
      .returning({ id: specificRisks.id });
    if (updated.length === 0) {
      if (guard && (await tx.$count(specificRisks, visible)) > 0) throw positionsOutside();
      throw notFound("specific risk");
    }
    if (unique) await replaceLinks(tx, id, unique);
  });
  ctx.log.info({ event: "specific-risk-updated", id, by: scope.userId }, "specific risk updated");
  return readOne(ctx, scope.enterpriseId, id);
}

/** Soft delete: permits that name it keep it (logogram and files too); it leaves the risk assignments. */
export async function deleteSpecificRisk(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await inTransaction(ctx.pool, async (tx) => {
    const deleted = await tx
      .update(specificRisks)
      .set({ deletedAt: new Date() })
      .where(and(enterpriseSpecificRisks(scope.enterpriseId), eq(specificRisks.id, id)))
      .returning({ id: specificRisks.id });
    if (deleted.length === 0) throw notFound("specific risk");
    await tx.delete(riskAssignmentSpecificRisks).where(eq(riskAssignmentSpecificRisks.specificRiskId, id));
  });
  ctx.log.info({ event: "specific-risk-deleted", id, by: scope.userId }, "specific risk deleted");
}

export async function replaceLogogram(ctx: TContext, caller: TCaller, id: string, receive: () => Promise<TUpload>) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await visibleSpecificRisk(ctx, scope.enterpriseId, id);
  const upload = await receive();
  const visible = and(enterpriseSpecificRisks(scope.enterpriseId), eq(specificRisks.id, id));
  await replaceImage(ctx, upload, {
    accepted: ICON_TYPES,
    field: "logogram",
    createdBy: scope.userId,
    what: "specific risk",
    attach: async (tx, fileId) => {
      const [before] = await tx
        .select({ fileId: specificRisks.logogramFileId })
        .from(specificRisks)
        .where(visible)
        .for("update");
      if (!before) return undefined;
      await tx.update(specificRisks).set({ logogramFileId: fileId, updatedAt: new Date() }).where(visible);
      return before.fileId;
    },
  });
  return readOne(ctx, scope.enterpriseId, id);
}

/** Takes the logogram off a specific risk of the enterprise; one without a logogram is answered as it is. */
export async function removeLogogram(ctx: TContext, caller: TCaller, id: string): Promise<TSpecificRisk> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const visible = and(enterpriseSpecificRisks(scope.enterpriseId), eq(specificRisks.id, id));
  await removeImage(ctx, "specific risk", async (tx) => {
    const [before] = await tx
      .select({ fileId: specificRisks.logogramFileId })
      .from(specificRisks)
      .where(visible)
      .for("update");
    if (!before) return undefined;
    if (before.fileId) {
      await tx.update(specificRisks).set({ logogramFileId: null, updatedAt: new Date() }).where(visible);
    }
    return before.fileId;
  });
  ctx.log.info({ event: "logogram-removed", id, by: scope.userId }, "specific risk logogram removed");
  return readOne(ctx, scope.enterpriseId, id);
}

/** The logogram of a specific risk of the caller's enterprise (deleted ones too: old permits show it). */
/** A logogram of the caller's enterprise, or of one its supplier is affiliated with (its URL names none). */
export async function openLogogram(ctx: TContext, caller: TCaller, id: string) {
  const ofReader = isContractor(caller)
    ? await contractorEnterprises(ctx, caller, specificRisks.enterpriseId)
    : eq(specificRisks.enterpriseId, (await riskScope(ctx, caller)).enterpriseId);
  const [row] = await ctx.db
    .select({ fileId: specificRisks.logogramFileId })
    .from(specificRisks)
    .where(and(ofReader, eq(specificRisks.id, id)));
  const file = row?.fileId ? await fileRecord(ctx.db, row.fileId) : undefined;
  if (!file) throw notFound("logogram");
  return file;
}
