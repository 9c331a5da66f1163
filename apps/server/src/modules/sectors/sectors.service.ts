import { SECTOR_MAP_TYPES, type TSector, type TSectorInput, type ZSectorMapSchema } from "@openpermit/shared";
import { and, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { contractorEnterprises } from "../../access/files";
import {
  assertDivisionVisible,
  isContractor,
  organisationScope,
  readScope,
  requireEditor,
} from "../../access/organisation";
import { visibleSector, visibleSectors } from "../../access/sectors";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { violates } from "../../db/pg-errors";
import { files, sectorPermissions, sectors } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { inspectImage, recordFile, removeStoredFiles } from "../files/files.service";
import {
  findSectorMap,
  listSectors as listRows,
  replaceSectorMap,
  softDeleteSector,
  type TSectorRow,
} from "./sectors.repository";

export const sectorMapUrl = (sectorId: string, fileId: string) => `/api/sectors/${sectorId}/map?v=${fileId}`;

function toSector({ sector, division, map, subSectorCount }: TSectorRow): TSector {
  return {
    id: sector.id,
    name: sector.name,
    number: sector.number,
    gatheringPoint: sector.gatheringPoint,
    division,
    map: map
      ? {
          url: sectorMapUrl(sector.id, map.id),
          width: map.width ?? 0,
          height: map.height ?? 0,
          contentType: map.contentType as z.infer<typeof ZSectorMapSchema>["contentType"],
          updatedAt: map.at.toISOString(),
        }
      : null,
    subSectorCount,
    createdAt: sector.createdAt.toISOString(),
  };
}

const numberTaken = () =>
  new AppError("SECTOR_NUMBER_TAKEN", "Another sector of this division has this number.", {
    number: "SECTOR_NUMBER_TAKEN",
  });

export async function listSectors(
  ctx: TContext,
  caller: TCaller,
  query: {
    divisionId?: string | undefined;
    q?: string | undefined;
    enterpriseId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const scope = await readScope(ctx, caller, query.enterpriseId);
  const filters: (SQL | undefined)[] = [visibleSectors(ctx.db, scope)];
  if (query.divisionId) filters.push(eq(sectors.divisionId, query.divisionId));
  if (query.q) {
    // A search for "12" also finds sector number 12.
    const asNumber = /^\d{1,5}$/.test(query.q) ? eq(sectors.number, Number(query.q)) : undefined;
    filters.push(or(ilike(sectors.name, containing(query.q)), asNumber));
  }
  const { rows, total } = await listRows(ctx.db, and(...filters)!, query);
  return pageOf(rows.map(toSector), query, total);
}

export async function getSector(
  ctx: TContext,
  caller: TCaller,
  id: string,
  enterpriseId?: string | undefined,
): Promise<TSector> {
  return toSector(await visibleSector(ctx, await readScope(ctx, caller, enterpriseId), id));
}

export async function createSector(ctx: TContext, caller: TCaller, input: TSectorInput): Promise<TSector> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  await assertDivisionVisible(ctx, scope, input.divisionId);
  try {
    const [created] = await ctx.db
      .insert(sectors)
      .values({ ...input, enterpriseId: scope.enterpriseId })
      .returning({ id: sectors.id });
    ctx.log.info({ event: "sector-created", id: created!.id, by: scope.userId }, "sector created");
    return toSector(await visibleSector(ctx, scope, created!.id));
  } catch (error) {
    if (violates(error, "sectors_division_number_uq")) throw numberTaken();
    throw error;
  }
}

/**
 * Edits a sector. Moving it to another division (the enterprise only: a super-responsible sees no other)
 * clears its matrix cells, whose managers belong to the division it leaves.
 */
export async function updateSector(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: Partial<TSectorInput>,
): Promise<TSector> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  const current = await visibleSector(ctx, scope, id);
  const moving = input.divisionId !== undefined && input.divisionId !== current.sector.divisionId;
  if (moving) await assertDivisionVisible(ctx, scope, input.divisionId!);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  try {
    await inTransaction(ctx.pool, async (tx) => {
      const updated = await tx
        .update(sectors)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(visibleSectors(tx, scope), eq(sectors.id, id)))
        .returning({ id: sectors.id });
      if (updated.length === 0) throw notFound("sector");
      if (moving) await tx.delete(sectorPermissions).where(eq(sectorPermissions.sectorId, id));
    });
  } catch (error) {
    if (violates(error, "sectors_division_number_uq")) throw numberTaken();
    throw error;
  }
  return toSector(await visibleSector(ctx, scope, id));
}

export async function deleteSector(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  await visibleSector(ctx, scope, id);
  const deleted = await inTransaction(ctx.pool, (tx) => softDeleteSector(tx, id));
  if (!deleted) throw notFound("sector");
  ctx.log.info({ event: "sector-deleted", id, by: scope.userId }, "sector deleted");
}

/**
 * PUT /api/sectors/:id/map: the uploaded image (PNG, JPEG or WebP by content) becomes the
 * sector's map. The new file is stored before the database points at it; the old one goes after the commit.
 */
export async function replaceMap(ctx: TContext, caller: TCaller, id: string, receive: () => Promise<TUpload>) {
  const scope = await organisationScope(ctx, caller);
  requireEditor(scope);
  // Who may upload is settled before a byte of the file is read.
  await visibleSector(ctx, scope, id);
  const upload = await receive();
  const image = await inspectImage(upload.data, SECTOR_MAP_TYPES, "map");
  const storageKey = await ctx.storage.put(upload.data);
  let oldKeys: string[];
  try {
    oldKeys = await inTransaction(ctx.pool, async (tx) => {
      const fileId = await recordFile(tx, {
        storageKey,
        data: upload.data,
        ...image,
        createdBy: scope.userId,
        quotaBytes: ctx.config.storageQuotaBytes,
      });
      const previous = await replaceSectorMap(tx, id, fileId);
      if (previous === undefined) throw notFound("sector");
      if (previous === null) return [];
      const removed = await tx.delete(files).where(eq(files.id, previous)).returning({ storageKey: files.storageKey });
      return removed.map((f) => f.storageKey);
    });
  } catch (error) {
    await removeStoredFiles(ctx, [storageKey]);
    throw error;
  }
  await removeStoredFiles(ctx, oldKeys);
  ctx.log.info(
    { event: "sector-map", id, by: scope.userId, ...image, bytes: upload.data.length },
    "sector map replaced",
  );
  return toSector(await visibleSector(ctx, scope, id));
}

/**
 * The map image of a sector the caller sees (404 otherwise, and when it has none). Its URL names no
 * enterprise: a contractor sees the live sectors of every enterprise its supplier is affiliated with.
 */
export async function openMap(ctx: TContext, caller: TCaller, id: string) {
  const seen = isContractor(caller)
    ? and(isNull(sectors.deletedAt), await contractorEnterprises(ctx, caller, sectors.enterpriseId))!
    : visibleSectors(ctx.db, await organisationScope(ctx, caller));
  const map = await findSectorMap(ctx.db, and(seen, eq(sectors.id, id))!);
  if (!map) throw notFound("sector map");
  return { stream: await ctx.storage.open(map.storageKey), contentType: map.contentType, byteSize: map.byteSize };
}
