import { and, eq, isNull } from "drizzle-orm";
import type { TContext } from "../context";
import { risks, specificRisks, workTypes } from "../db/schema";
import { found } from "../lib/not-found";
import { findRisk } from "../modules/risks/risks.repository";
import { selectSpecificRisks } from "../modules/specific-risks/specific-risks.repository";
import { findWorkType } from "../modules/work-types/work-types.repository";

/**
 * What of an enterprise's configuration (work types, risks, specific risks) a scope sees, once organisation.ts
 * (`readScope`, `riskScope`) has named the enterprise: its live rows. Another enterprise's, like deleted ones, do
 * not exist for the caller (404).
 */

/** The live rows of an enterprise in a table of its configuration. */
const liveRowsOf = (table: typeof workTypes | typeof risks | typeof specificRisks) => (enterpriseId: string) =>
  and(eq(table.enterpriseId, enterpriseId), isNull(table.deletedAt));

export const enterpriseWorkTypes = liveRowsOf(workTypes);
export const enterpriseRisks = liveRowsOf(risks);
export const enterpriseSpecificRisks = liveRowsOf(specificRisks);

/** A live work type of the enterprise, or 404. */
export const visibleWorkType = async (ctx: TContext, enterpriseId: string, id: string) =>
  found(await findWorkType(ctx.db, and(enterpriseWorkTypes(enterpriseId), eq(workTypes.id, id))!), "work type");

/** A live risk of the enterprise, or 404. */
export const visibleRisk = async (ctx: TContext, enterpriseId: string, id: string) =>
  found(await findRisk(ctx.db, and(enterpriseRisks(enterpriseId), eq(risks.id, id))!), "risk");

/** A live specific risk of the enterprise (with its logogram's file), or 404. */
export async function visibleSpecificRisk(ctx: TContext, enterpriseId: string, id: string) {
  const [row] = await selectSpecificRisks(
    ctx.db,
    and(enterpriseSpecificRisks(enterpriseId), eq(specificRisks.id, id))!,
  );
  return found(row, "specific risk");
}
