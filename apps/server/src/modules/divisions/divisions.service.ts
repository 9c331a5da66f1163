import type { TDivision, TDivisionInput } from "@openpermit/shared";
import { and, eq, ilike } from "drizzle-orm";
import {
  organisationScope,
  requireEnterprise,
  type TOrgScope,
  visibleDivision,
  visibleDivisions,
} from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { violates } from "../../db/pg-errors";
import { divisions } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { removeStoredFiles } from "../files/files.service";
import {
  deleteEmptyDivision,
  listDivisions as listRows,
  lockDivisionContents,
  type TDivisionRow,
} from "./divisions.repository";

function toDivision({ division, sectorCount, peopleCount }: TDivisionRow): TDivision {
  return {
    id: division.id,
    name: division.name,
    description: division.description,
    address: division.address,
    province: division.province ?? "",
    postalCode: division.postalCode ?? "",
    country: division.country,
    createdAt: division.createdAt.toISOString(),
    sectorCount,
    peopleCount,
  };
}

const nameTaken = () =>
  new AppError("DIVISION_NAME_TAKEN", "A division with this name already exists.", { name: "DIVISION_NAME_TAKEN" });

export async function listDivisions(
  ctx: TContext,
  caller: TCaller,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const scope = await organisationScope(ctx, caller);
  const where = and(visibleDivisions(scope), query.q ? ilike(divisions.name, containing(query.q)) : undefined);
  const { rows, total } = await listRows(ctx.db, where, query);
  return pageOf(rows.map(toDivision), query, total);
}

export async function getDivision(ctx: TContext, caller: TCaller, id: string): Promise<TDivision> {
  return toDivision(await visibleDivision(ctx, await organisationScope(ctx, caller), id));
}

function enterpriseOnly(scope: TOrgScope): asserts scope is Extract<TOrgScope, { role: "Enterprise" }> {
  requireEnterprise(scope, "Only the enterprise manages its divisions.");
}

export async function createDivision(ctx: TContext, caller: TCaller, input: TDivisionInput): Promise<TDivision> {
  const scope = await organisationScope(ctx, caller);
  enterpriseOnly(scope);
  try {
    const [created] = await ctx.db
      .insert(divisions)
      .values({ ...input, enterpriseId: scope.enterpriseId })
      .returning({ id: divisions.id });
    ctx.log.info({ event: "division-created", id: created!.id, by: scope.userId }, "division created");
    return toDivision(await visibleDivision(ctx, scope, created!.id));
  } catch (error) {
    if (violates(error, "divisions_enterprise_name_uq")) throw nameTaken();
    throw error;
  }
}

export async function updateDivision(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TDivisionInput,
): Promise<TDivision> {
  const scope = await organisationScope(ctx, caller);
  enterpriseOnly(scope);
  try {
    const updated = await ctx.db
      .update(divisions)
      .set({ ...input, updatedAt: new Date() })
      .where(and(visibleDivisions(scope), eq(divisions.id, id)))
      .returning({ id: divisions.id });
    if (updated.length === 0) throw notFound("division");
  } catch (error) {
    if (violates(error, "divisions_enterprise_name_uq")) throw nameTaken();
    throw error;
  }
  return toDivision(await visibleDivision(ctx, scope, id));
}

/**
 * Deletes an empty division. One that still holds live sectors, any person, or records (permits, emergency stops)
 * answers DIVISION_NOT_EMPTY with what holds it, so the page can say so.
 */
export async function deleteDivision(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await organisationScope(ctx, caller);
  enterpriseOnly(scope);
  const storageKeys = await inTransaction(ctx.pool, async (tx) => {
    const contents = await lockDivisionContents(tx, id, scope.enterpriseId);
    if (!contents) throw notFound("division");
    const { sectors, people, permits, emergencies } = contents;
    if (sectors > 0 || people > 0 || permits > 0 || emergencies > 0) {
      // Permits and emergency stops are records kept for good (an auditor reads them after an incident): a division
      // that has any stays, as do its soft-deleted sectors they name.
      throw new AppError("DIVISION_NOT_EMPTY", "This division still holds sectors, people or records.", undefined, {
        details: { sectors, people, permits, emergencies },
      });
    }
    return deleteEmptyDivision(tx, id);
  });
  await removeStoredFiles(ctx, storageKeys);
  ctx.log.info({ event: "division-deleted", id, by: scope.userId }, "division deleted");
}
