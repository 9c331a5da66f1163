import { eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { permitChecklistItems, permitEpis, permitRisks, permitSpecificRisks } from "../../db/schema";
import type { TResolvedDraft } from "./draft-references";

/** Replaces the lists a permit names (risks, specific risks, EPIs, checklist) inside the caller's transaction. */
export async function replaceContent(tx: TDb, permitId: string, resolved: TResolvedDraft): Promise<void> {
  // One after another: a transaction is one connection, which runs one statement at a time anyway (pg queued these
  // four when sent at once, a use it deprecates and its next major version refuses).
  await tx.delete(permitRisks).where(eq(permitRisks.permitId, permitId));
  await tx.delete(permitSpecificRisks).where(eq(permitSpecificRisks.permitId, permitId));
  await tx.delete(permitEpis).where(eq(permitEpis.permitId, permitId));
  await tx.delete(permitChecklistItems).where(eq(permitChecklistItems.permitId, permitId));
  const positioned = <T>(ids: string[], row: (id: string, position: number) => T) => ids.map(row);
  if (resolved.riskIds.length > 0) {
    await tx
      .insert(permitRisks)
      .values(positioned(resolved.riskIds, (riskId, position) => ({ permitId, riskId, position })));
  }
  if (resolved.specificRiskIds.length > 0) {
    await tx
      .insert(permitSpecificRisks)
      .values(
        positioned(resolved.specificRiskIds, (specificRiskId, position) => ({ permitId, specificRiskId, position })),
      );
  }
  if (resolved.epiIds.length > 0) {
    await tx
      .insert(permitEpis)
      .values(positioned(resolved.epiIds, (epiId, position) => ({ permitId, epiId, position })));
  }
  if (resolved.checklist.length > 0) {
    await tx
      .insert(permitChecklistItems)
      .values(resolved.checklist.map((item, position) => ({ permitId, position, ...item })));
  }
}
