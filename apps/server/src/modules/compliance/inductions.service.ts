import {
  complianceToday,
  evidenceDates,
  type TComplianceOverviewRow,
  type TInductionInput,
  V,
  ZInductionInputSchema,
} from "@openpermit/shared";
import { and, eq, inArray } from "drizzle-orm";
import { inductionRecorder } from "../../access/compliance";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { affiliations, complianceEvidence, complianceRequirements, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { found } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { workerStandings } from "./standing";

/**
 * A site induction, recorded by the principal's staff (docs/safety.md, "Contractor compliance"): the enterprise's
 * own training, given on its site, so there is nothing to upload nor to review — it is accepted evidence at once,
 * submitted and reviewed by whoever records it.
 */

const invalid = (field: string, code: string) =>
  new AppError("VALIDATION_FAILED", "The induction cannot be recorded as given.", { [field]: code });

/**
 * The last valid day: the one given, else the requirement's validity from the induction day (its last day
 * included), never beyond that validity; none when the induction does not expire and none is given.
 */
export function inductionUntil(inductedOn: string, given: string | null | undefined, validityDays: number | null) {
  // The same rule as evidence a contractor gives (packages/shared evidenceDates): the enterprise's validity wins.
  const dates = evidenceDates({ validFrom: inductedOn, validUntil: given ?? null, validityDays });
  if (dates.ok) return dates.validUntil;
  if (dates.error === "UNTIL_BEFORE_FROM") throw invalid("validUntil", V.dateRangeOrder);
  throw invalid("inductedOn", V.dateOutOfRange);
}

export async function recordInduction(
  ctx: TContext,
  caller: TCaller,
  input: TInductionInput,
  now: Date,
): Promise<TComplianceOverviewRow> {
  const body = ZInductionInputSchema.parse(input);
  const { enterpriseId } = await inductionRecorder(ctx, caller);
  const requirement = found(
    (
      await ctx.db
        .select({
          id: complianceRequirements.id,
          name: complianceRequirements.name,
          kind: complianceRequirements.kind,
          requiredOfAll: complianceRequirements.requiredOfAll,
          validityDays: complianceRequirements.validityDays,
          disabledAt: complianceRequirements.disabledAt,
        })
        .from(complianceRequirements)
        .where(
          and(eq(complianceRequirements.id, body.requirementId), eq(complianceRequirements.enterpriseId, enterpriseId)),
        )
    )[0],
    "requirement",
  );
  if (requirement.kind !== "induction" || requirement.disabledAt !== null) {
    throw invalid("requirementId", V.invalidValue);
  }
  // A worker of a contractor affiliated now, still active: anyone else is unknown here (404).
  const worker = found(
    (
      await ctx.db
        .select({ id: users.id, name: users.name, supplierId: suppliers.id, company: suppliers.name })
        .from(users)
        .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
        .innerJoin(
          affiliations,
          and(
            eq(affiliations.supplierId, suppliers.id),
            eq(affiliations.enterpriseId, enterpriseId),
            eq(affiliations.status, "affiliated"),
          ),
        )
        .where(
          and(eq(users.id, body.workerId), inArray(users.role, ["Supplier", "Employee"]), eq(users.status, "active")),
        )
    )[0],
    "worker",
  );
  // Not in the future: the day has begun somewhere (the site's zone is not known; docs/decisions.md, "Compliance dates").
  if (body.inductedOn > complianceToday(now).earliest) throw invalid("inductedOn", V.inductionInFuture);
  const validUntil = inductionUntil(body.inductedOn, body.validUntil, requirement.validityDays);
  const id = await inTransaction(ctx.pool, async (tx) => {
    const [row] = await tx
      .insert(complianceEvidence)
      .values({
        enterpriseId,
        requirementId: requirement.id,
        supplierId: worker.supplierId,
        workerId: worker.id,
        validFrom: body.inductedOn,
        validUntil,
        status: "accepted",
        submittedBy: caller.id,
        submittedAt: now,
        reviewedBy: caller.id,
        reviewedAt: now,
      })
      .returning({ id: complianceEvidence.id });
    await appendAudit(tx, {
      by: caller,
      action: "complianceInduction.recorded",
      object: ["complianceEvidence", row!.id],
      enterpriseId,
      details: {
        requirement: requirement.name,
        worker: worker.name,
        contractor: worker.company,
        inductedOn: body.inductedOn,
        validUntil,
      },
    });
    return row!.id;
  });
  ctx.log.info({ event: "complianceInduction.recorded", id, by: caller.id }, "site induction recorded");
  const lines = await workerStandings(ctx.db, enterpriseId, [worker.id], [{ ...requirement, minimumCover: null }], now);
  const line = lines.get(worker.id)![0]!;
  return {
    contractor: { id: worker.supplierId, name: worker.company },
    worker: { id: worker.id, name: worker.name },
    requirement: {
      id: requirement.id,
      name: requirement.name,
      kind: requirement.kind,
      requiredOfAll: requirement.requiredOfAll,
    },
    standing: line.standing,
    validUntil: line.validUntil,
  };
}
