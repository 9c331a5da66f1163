import { ICON_TYPES, type TEnterpriseEpi, type TEpi, type TEpiInput, V, type ZIconSchema } from "@openpermit/shared";
import { and, eq, ilike, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { readScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { enterpriseEpis, epis } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { fileRecord, removeImage, replaceImage } from "../files/files.service";
import {
  findEpi,
  listEnterpriseEpis as listPickRows,
  listEpis as listRows,
  type TEpiRow,
  unassignEpis,
} from "./epis.repository";

export const epiIconUrl = (epiId: string, fileId: string) => `/api/epis/${epiId}/icon?v=${fileId}`;

type TIconRow = TEpiRow["icon"];
export function toIcon(url: string, icon: TIconRow): z.infer<typeof ZIconSchema> | null {
  if (!icon) return null;
  return {
    url,
    contentType: icon.contentType as (typeof ICON_TYPES)[number],
    width: icon.width ?? 0,
    height: icon.height ?? 0,
    updatedAt: icon.at.toISOString(),
  };
}

function toEpi({ epi, icon }: TEpiRow): TEpi {
  return {
    id: epi.id,
    name: epi.name,
    nameFr: epi.nameFr,
    description: epi.description,
    icon: icon ? toIcon(epiIconUrl(epi.id, icon.id), icon) : null,
    deletedAt: epi.deletedAt?.toISOString() ?? null,
    createdAt: epi.createdAt.toISOString(),
  };
}

/** A search finds an EPI by either of its names: a French reader types the name they read. */
const named = (q: string | undefined) =>
  q ? or(ilike(epis.name, containing(q)), ilike(epis.nameFr, containing(q))) : undefined;

const live = (id: string) => and(eq(epis.id, id), isNull(epis.deletedAt))!;

async function liveEpi(ctx: TContext, id: string) {
  const row = await findEpi(ctx.db, live(id));
  if (!row) throw notFound("EPI");
  return row;
}

// ── The catalogue (the admin; the route policy admits no one else) ──

export async function listEpis(ctx: TContext, query: { q?: string | undefined; page: number; pageSize: number }) {
  const where = and(isNull(epis.deletedAt), named(query.q))!;
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toEpi), query, total);
}

/** An EPI, deleted or not: permits that name a deleted one still show it. */
export async function getEpi(ctx: TContext, id: string): Promise<TEpi> {
  const row = await findEpi(ctx.db, eq(epis.id, id));
  if (!row) throw notFound("EPI");
  return toEpi(row);
}

export async function createEpi(ctx: TContext, caller: TCaller, input: TEpiInput): Promise<TEpi> {
  const [created] = await ctx.db.insert(epis).values(input).returning({ id: epis.id });
  ctx.log.info({ event: "epi-created", id: created!.id, by: caller.id }, "EPI created");
  return toEpi(await liveEpi(ctx, created!.id));
}

export async function updateEpi(ctx: TContext, caller: TCaller, id: string, input: Partial<TEpiInput>) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const updated = await ctx.db
    .update(epis)
    .set({ ...changes, updatedAt: new Date() })
    .where(live(id))
    .returning({ id: epis.id });
  if (updated.length === 0) throw notFound("EPI");
  ctx.log.info({ event: "epi-updated", id, by: caller.id }, "EPI updated");
  return toEpi(await liveEpi(ctx, id));
}

/** Soft delete: the EPI leaves the catalogue, the enterprises' picks and their risk assignments. */
export async function deleteEpi(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    const deleted = await tx.update(epis).set({ deletedAt: new Date() }).where(live(id)).returning({ id: epis.id });
    if (deleted.length === 0) throw notFound("EPI");
    await tx.delete(enterpriseEpis).where(eq(enterpriseEpis.epiId, id));
    await unassignEpis(tx, [id]);
  });
  ctx.log.info({ event: "epi-deleted", id, by: caller.id }, "EPI deleted");
}

export async function replaceEpiIcon(ctx: TContext, caller: TCaller, id: string, receive: () => Promise<TUpload>) {
  await liveEpi(ctx, id);
  const upload = await receive();
  await replaceImage(ctx, upload, {
    accepted: ICON_TYPES,
    field: "icon",
    createdBy: caller.id,
    what: "EPI",
    attach: async (tx, fileId) => {
      const [before] = await tx.select({ fileId: epis.iconFileId }).from(epis).where(live(id)).for("update");
      if (!before) return undefined;
      await tx.update(epis).set({ iconFileId: fileId, updatedAt: new Date() }).where(eq(epis.id, id));
      return before.fileId;
    },
  });
  ctx.log.info({ event: "epi-icon", id, by: caller.id, bytes: upload.data.length }, "EPI icon replaced");
  return toEpi(await liveEpi(ctx, id));
}

/** Takes the icon off a live EPI; an EPI without one is answered as it is. */
export async function removeEpiIcon(ctx: TContext, caller: TCaller, id: string): Promise<TEpi> {
  await removeImage(ctx, "EPI", async (tx) => {
    const [before] = await tx.select({ fileId: epis.iconFileId }).from(epis).where(live(id)).for("update");
    if (!before) return undefined;
    if (before.fileId) await tx.update(epis).set({ iconFileId: null, updatedAt: new Date() }).where(eq(epis.id, id));
    return before.fileId;
  });
  ctx.log.info({ event: "epi-icon-removed", id, by: caller.id }, "EPI icon removed");
  return toEpi(await liveEpi(ctx, id));
}

/** Any signed-in user may see an EPI's icon (permits show them), deleted EPIs included. */
export async function openEpiIcon(ctx: TContext, id: string) {
  const row = await findEpi(ctx.db, eq(epis.id, id));
  const file = row?.icon ? await fileRecord(ctx.db, row.icon.id) : undefined;
  if (!file) throw notFound("EPI icon");
  return file;
}

// ── An enterprise's picks ──

export async function listEnterpriseEpis(
  ctx: TContext,
  caller: TCaller,
  query: {
    q?: string | undefined;
    selected?: "true" | "false" | undefined;
    enterpriseId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const filters: (SQL | undefined)[] = [named(query.q)];
  if (query.selected === "true") filters.push(eq(enterpriseEpis.enterpriseId, scope.enterpriseId));
  if (query.selected === "false") filters.push(isNull(enterpriseEpis.epiId));
  const { rows, total } = await listPickRows(ctx.db, scope.enterpriseId, and(...filters), query);
  const data: TEnterpriseEpi[] = rows.map((row) => {
    const { deletedAt: _, ...epi } = toEpi(row);
    return { ...epi, selected: row.selected };
  });
  return pageOf(data, query, total);
}

/** Replaces the enterprise's picks; EPIs it no longer uses leave its risk assignments. */
export async function setEnterpriseEpis(ctx: TContext, caller: TCaller, epiIds: string[]) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const ids = [...new Set(epiIds)];
  await inTransaction(ctx.pool, async (tx) => {
    const known =
      ids.length === 0
        ? []
        : await tx
            .select({ id: epis.id })
            .from(epis)
            .where(and(inArray(epis.id, ids), isNull(epis.deletedAt)));
    if (known.length !== ids.length) {
      throw new AppError("VALIDATION_FAILED", "Some EPIs are not in the catalogue.", { epiIds: V.invalidValue });
    }
    const dropped = await tx
      .delete(enterpriseEpis)
      .where(
        and(
          eq(enterpriseEpis.enterpriseId, scope.enterpriseId),
          ids.length > 0 ? notInArray(enterpriseEpis.epiId, ids) : undefined,
        ),
      )
      .returning({ epiId: enterpriseEpis.epiId });
    await unassignEpis(
      tx,
      dropped.map((d) => d.epiId),
      scope.enterpriseId,
    );
    if (ids.length > 0) {
      await tx
        .insert(enterpriseEpis)
        .values(ids.map((epiId) => ({ enterpriseId: scope.enterpriseId, epiId })))
        .onConflictDoNothing();
    }
  });
  ctx.log.info({ event: "enterprise-epis", by: scope.userId, count: ids.length }, "EPI picks replaced");
  return { epiIds: ids };
}
