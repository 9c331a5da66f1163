import {
  isWorkerKind,
  type TWorkTypeCompliance,
  type TWorkTypeComplianceInput,
  V,
  ZWorkTypeComplianceInputSchema,
} from "@openpermit/shared";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { requirementsOwner, requirementsReader } from "../../access/compliance";
import { visibleWorkType } from "../../access/configuration";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { complianceRequirements, workTypeRequirements } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";

/** What a work type needs of its crews (docs/safety.md, "Contractor compliance"), set in the work-type editor. */

async function needsOf(db: TDb, workTypeId: string): Promise<TWorkTypeCompliance> {
  const requirements = await db
    .select({
      requirementId: workTypeRequirements.requirementId,
      name: complianceRequirements.name,
      kind: complianceRequirements.kind,
      rule: workTypeRequirements.rule,
    })
    .from(workTypeRequirements)
    .innerJoin(complianceRequirements, eq(complianceRequirements.id, workTypeRequirements.requirementId))
    .where(eq(workTypeRequirements.workTypeId, workTypeId))
    .orderBy(asc(sql`lower(${complianceRequirements.name})`));
  return { requirements };
}

export async function getWorkTypeCompliance(ctx: TContext, caller: TCaller, id: string): Promise<TWorkTypeCompliance> {
  const { enterpriseId } = await requirementsReader(ctx, caller);
  await visibleWorkType(ctx, enterpriseId, id);
  return needsOf(ctx.db, id);
}

/**
 * Replaces a work type's needs: only the enterprise's own enabled worker requirements (a company document is
 * asked of the contractor, not of a crew); anything else is refused whole (400 `requirements`).
 */
export async function setWorkTypeCompliance(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TWorkTypeComplianceInput,
): Promise<TWorkTypeCompliance> {
  const { requirements } = ZWorkTypeComplianceInputSchema.parse(input);
  const { enterpriseId } = await requirementsOwner(ctx, caller);
  await visibleWorkType(ctx, enterpriseId, id);
  await inTransaction(ctx.pool, async (tx) => {
    const ids = requirements.map((r) => r.requirementId);
    const usable =
      ids.length === 0
        ? []
        : await tx
            .select({ id: complianceRequirements.id, kind: complianceRequirements.kind })
            .from(complianceRequirements)
            .where(
              and(
                inArray(complianceRequirements.id, ids),
                eq(complianceRequirements.enterpriseId, enterpriseId),
                isNull(complianceRequirements.disabledAt),
              ),
            );
    if (usable.length !== ids.length || usable.some((r) => !isWorkerKind(r.kind))) {
      throw new AppError("VALIDATION_FAILED", "Only the enterprise's enabled worker requirements.", {
        requirements: V.invalidValue,
      });
    }
    await tx.delete(workTypeRequirements).where(eq(workTypeRequirements.workTypeId, id));
    if (requirements.length > 0) {
      await tx.insert(workTypeRequirements).values(requirements.map((r) => ({ ...r, workTypeId: id })));
    }
    await appendAudit(tx, {
      by: caller,
      action: "complianceRequirement.workTypeChanged",
      object: ["workType", id],
      enterpriseId,
      details: { requirements },
    });
  });
  ctx.log.info({ event: "work-type-compliance-set", id, by: caller.id }, "work type compliance set");
  return needsOf(ctx.db, id);
}
