import type { TComplianceGap } from "@openpermit/shared";
import { meetsRequirement } from "@openpermit/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { permits } from "../../db/schema";
import { crewGapsOf } from "../compliance/crew-gaps";
import { crewGapsForClient, documentGapsOf, signedOnCrews } from "../compliance/gates";
import { companyStandings } from "../compliance/standing";
import type { TNotice } from "./mark-once";

/**
 * Marks (once per permit) the accepted or in-progress permits whose signed-on crew, or whose contractor, no longer
 * meets a requirement today — an item expired during the work — with what lapsed, and tells the holder's side and
 * the area's managers in the same transaction (docs/safety.md, "Contractor compliance: the gates"). The work is not
 * suspended by the scheduler (nobody is there to make it safe and sign); it cannot start nor resume until the crew
 * complies again (the start gate), and the flag shows on the permit. Every live permit not yet flagged is judged at
 * each run (not a batch: a batch of the same first rows would never reach the others), in a fixed number of reads
 * (one per enterprise for the documents); only a lapsed one is locked, by its guarded UPDATE.
 */
export function flagComplianceLapses(ctx: TContext, now: Date, notice: TNotice | undefined): Promise<string[]> {
  return inTransaction(ctx.pool, async (tx, client) => {
    const candidates = await tx
      .select({
        id: permits.id,
        enterpriseId: permits.enterpriseId,
        workTypeId: permits.workTypeId,
        supplierId: permits.supplierId,
      })
      .from(permits)
      .where(
        and(
          inArray(permits.status, ["accepted", "In_progress"]),
          isNull(permits.closedOutAt),
          isNull(permits.complianceLapsedAt),
        ),
      );
    if (candidates.length === 0) return [];
    const crews = await signedOnCrews(
      tx,
      candidates.map((c) => c.id),
    );
    const crewGaps = await crewGapsOf(
      tx,
      candidates.map((c) => ({ ...c, workerIds: crews.get(c.id) ?? [] })),
      now,
    );
    const documentGaps = new Map<string, TComplianceGap[]>();
    const contractors = candidates.filter((c) => c.supplierId !== null);
    for (const enterpriseId of new Set(contractors.map((c) => c.enterpriseId))) {
      const its = contractors.filter((c) => c.enterpriseId === enterpriseId);
      const supplierIds = [...new Set(its.map((c) => c.supplierId!))];
      const { lines, required } = await companyStandings(tx, enterpriseId, supplierIds, now);
      for (const id of supplierIds) {
        const lacking = (lines.get(id) ?? []).filter(
          (l) => required.has(l.requirementId) && !meetsRequirement(l.standing),
        );
        documentGaps.set(`${enterpriseId} ${id}`, documentGapsOf(lacking));
      }
    }
    const lapsed: string[] = [];
    for (const c of candidates) {
      // A one-worker requirement with nobody signed on is not a lapse: nobody is at work yet.
      const crew = (crews.get(c.id) ?? []).length > 0 ? crewGapsForClient(crewGaps.get(c.id) ?? []) : [];
      const gaps = [...(documentGaps.get(`${c.enterpriseId} ${c.supplierId}`) ?? []), ...crew];
      if (gaps.length === 0) continue;
      // The guard makes it once: of two runs at once, the second's UPDATE finds it marked and tells nobody.
      const marked = await tx
        .update(permits)
        .set({ complianceLapsedAt: now, complianceLapse: gaps })
        .where(and(eq(permits.id, c.id), isNull(permits.complianceLapsedAt)))
        .returning({ id: permits.id });
      if (marked.length > 0) lapsed.push(c.id);
    }
    if (lapsed.length > 0) await notice?.(tx, client, lapsed, now);
    return lapsed;
  });
}
