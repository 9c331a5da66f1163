import { and, eq, isNull } from "drizzle-orm";
import type { TContext } from "../context";
import { risks, specificRisks, workTypes } from "../db/schema";
import { notFound } from "../lib/not-found";
import { findRisk } from "../modules/risks/risks.repository";
import { selectSpecificRisks } from "../modules/specific-risks/specific-risks.repository";
import { findWorkType } from "../modules/work-types/work-types.repository";

/**
 * What of an enterprise's configuration (work types, risks, specific risks) a scope sees, once organisation.ts
 * (`readScope`, `riskScope`) has named the enterprise: its live rows. Another enterprise's, like deleted ones, do
 * not exist for the caller (404).
 */

/** The live work types of an enterprise. */
export const enterpriseWorkTypes = (enterpriseId: string) =>
  and(eq(workTypes.enterpriseId, enterpriseId), isNull(workTypes.deletedAt));

/** A live work type of the enterprise, or 404. */
export async function visibleWorkType(ctx: TContext, enterpriseId: string, id: string) {
  const row = await findWorkType(ctx.db, and(enterpriseWorkTypes(enterpriseId), eq(workTypes.id, id))!);
  if (!row) throw notFound("work type");
  return row;
}

/** The live risks of an enterprise. */
export const enterpriseRisks = (enterpriseId: string) =>
  and(eq(risks.enterpriseId, enterpriseId), isNull(risks.deletedAt));

/** A live risk of the enterprise, or 404. */
export async function visibleRisk(ctx: TContext, enterpriseId: string, id: string) {
  const row = await findRisk(ctx.db, and(enterpriseRisks(enterpriseId), eq(risks.id, id))!);
  if (!row) throw notFound("risk");
  return row;
}

/** The live specific risks of an enterprise. */
export const enterpriseSpecificRisks = (enterpriseId: string) =>
  and(eq(specificRisks.enterpriseId, enterpriseId), isNull(specificRisks.deletedAt));

/** A live specific risk of the enterprise (with its logogram's file), or 404. */
export async function visibleSpecificRisk(ctx: TContext, enterpriseId: string, id: string) {
  const [row] = await selectSpecificRisks(
    ctx.db,
    and(enterpriseSpecificRisks(enterpriseId), eq(specificRisks.id, id))!,
  );
  if (!row) throw notFound("specific risk");
  return row;
}
