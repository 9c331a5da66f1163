import {
  addDays,
  CONTRACTOR_PERMIT_FIGURES,
  dayIn,
  PRINCIPAL_PERMIT_FIGURES,
  permitFigureFilters,
  RECENT_DAYS,
  type TAdminDashboard,
  type TDashboard,
  type TFigureDays,
  ZPermitListQuerySchema,
} from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import { permitPartyOf, type TPermitParty, visiblePermits } from "../../access/permits";
import type { TContext } from "../../context";
import { permits, sectorPermissions } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { findCreditAccount } from "../credits/credits.repository";
import { conditions } from "../permits/list.service";
import { affiliatedContractors, countWhere, platformFigures } from "./dashboard.repository";

/**
 * Every permit figure of the party in one query: each is `count(*) FILTER` over the very WHERE its list uses
 * (permitFigureFilters parsed as the list's own query), so a figure is always its list's total.
 */
async function permitFigures<const T extends readonly string[]>(
  ctx: TContext,
  party: TPermitParty,
  names: T,
  days: TFigureDays,
  tz: string,
): Promise<Record<T[number], number>> {
  const columns = Object.fromEntries(
    names.map((name) => {
      const query = ZPermitListQuerySchema.parse({ ...permitFigureFilters(name as never, party.side, days), tz });
      return [name, countWhere(conditions(party, query))];
    }),
  );
  const [row] = await ctx.db
    .select(columns)
    .from(permits)
    // The list's to-do view reads the caller's matrix cell for the permit's sector.
    .leftJoin(
      sectorPermissions,
      and(eq(sectorPermissions.sectorId, permits.sectorId), eq(sectorPermissions.managerId, party.userId)),
    )
    .where(visiblePermits(party));
  return row as Record<T[number], number>;
}

export async function callerDashboard(ctx: TContext, caller: TCaller, tz: string): Promise<TDashboard> {
  const party = await permitPartyOf(ctx, caller);
  const today = dayIn(new Date(), tz);
  if (party.side === "contractor") {
    const figures = await permitFigures(ctx, party, CONTRACTOR_PERMIT_FIGURES, { today }, tz);
    return { side: "contractor", today, figures };
  }
  const recentSince = addDays(today, -(RECENT_DAYS - 1));
  const [figures, contractors, credits] = await Promise.all([
    permitFigures(ctx, party, PRINCIPAL_PERMIT_FIGURES, { today, recentSince }, tz),
    affiliatedContractors(ctx.db, party.enterpriseId),
    findCreditAccount(ctx.db, party.enterpriseId),
  ]);
  return {
    side: "principal",
    today,
    recentSince,
    figures: { ...figures, contractors, creditsRemaining: credits.total - credits.used },
  };
}

export const adminDashboard = (ctx: TContext): Promise<TAdminDashboard> => platformFigures(ctx.db);
