import {
  type TReminderDays,
  type TRequirement,
  type TRequirementInput,
  V,
  ZReminderDaysSchema,
  ZRequirementInputSchema,
} from "@openpermit/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { requirementsOwner, requirementsReader } from "../../access/compliance";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { complianceEvidence, complianceRequirements, enterprises } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";

/** The enterprise's compliance requirements and reminder days (docs/safety.md, "Contractor compliance"). */

const r = complianceRequirements;
// The outer column named in full: inside the sub-query a bare "id" would be the evidence's own.
const used = sql<boolean>`EXISTS (SELECT 1 FROM ${complianceEvidence} e WHERE e.requirement_id = "compliance_requirements"."id")`;

/** The enterprise's requirements by kind then name, the disabled ones too (each says whether evidence names it). */
export function requirementsOf(db: TDb, enterpriseId: string): Promise<TRequirement[]> {
  return db
    .select({
      id: r.id,
      kind: r.kind,
      name: r.name,
      description: r.description,
      requiredOfAll: r.requiredOfAll,
      validityDays: r.validityDays,
      minimumCover: r.minimumCover,
      enabled: sql<boolean>`${r.disabledAt} IS NULL`,
      used,
    })
    .from(r)
    .where(eq(r.enterpriseId, enterpriseId))
    .orderBy(asc(r.kind), asc(sql`lower(${r.name})`));
}

export async function listRequirements(ctx: TContext, caller: TCaller): Promise<TRequirement[]> {
  const { enterpriseId } = await requirementsReader(ctx, caller);
  return requirementsOf(ctx.db, enterpriseId);
}

const nameTaken = () =>
  new AppError("CONFLICT", "A requirement of this name exists already.", { name: V.duplicateValue });

/** The stored columns of a requirement input (enabled ↔ disabledAt, kept when it does not change). */
function columnsOf(input: ReturnType<typeof ZRequirementInputSchema.parse>) {
  const { enabled, ...rest } = input;
  return { ...rest, disabledAt: enabled ? null : sql`coalesce(${r.disabledAt}, now())` };
}

/** One write of a requirement with its audit entry; a name the enterprise uses already: 409 `name`. */
async function writeRequirement(
  ctx: TContext,
  caller: TCaller,
  action: "complianceRequirement.created" | "complianceRequirement.changed",
  write: (tx: TDb, enterpriseId: string) => Promise<string | undefined>,
  details: Record<string, unknown>,
): Promise<TRequirement> {
  const { enterpriseId } = await requirementsOwner(ctx, caller);
  const id = await inTransaction(ctx.pool, async (tx) => {
    const written = await write(tx, enterpriseId);
    if (!written) throw notFound("requirement");
    await appendAudit(tx, { by: caller, action, object: ["complianceRequirement", written], enterpriseId, details });
    return written;
  }).catch((error: unknown) => {
    // compliance_requirements_name_uq: one name per enterprise, whatever its case.
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  ctx.log.info({ event: action, id, by: caller.id }, "compliance requirement written");
  return (await requirementsOf(ctx.db, enterpriseId)).find((q) => q.id === id)!;
}

export function createRequirement(ctx: TContext, caller: TCaller, input: TRequirementInput): Promise<TRequirement> {
  const requirement = ZRequirementInputSchema.parse(input);
  return writeRequirement(
    ctx,
    caller,
    "complianceRequirement.created",
    async (tx, enterpriseId) => {
      const { enabled, ...columns } = requirement;
      const [row] = await tx
        .insert(r)
        .values({ ...columns, enterpriseId, disabledAt: enabled ? null : new Date() })
        .returning({ id: r.id });
      return row?.id;
    },
    requirement,
  );
}

/**
 * Replaces a requirement. Its kind stays once evidence names it (a document accepted as a competence would
 * count for the wrong thing: 409 REQUIREMENT_IN_USE); evidence already given keeps its dates.
 */
export function updateRequirement(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TRequirementInput,
): Promise<TRequirement> {
  const requirement = ZRequirementInputSchema.parse(input);
  return writeRequirement(
    ctx,
    caller,
    "complianceRequirement.changed",
    async (tx, enterpriseId) => {
      const [current] = await tx
        .select({ kind: r.kind, used })
        .from(r)
        .where(and(eq(r.id, id), eq(r.enterpriseId, enterpriseId)))
        .for("update");
      if (!current) return undefined;
      if (current.used && current.kind !== requirement.kind) {
        throw new AppError("REQUIREMENT_IN_USE", "Evidence names this requirement: its kind stays.");
      }
      const [row] = await tx
        .update(r)
        .set({ ...columnsOf(requirement), updatedAt: new Date() })
        .where(eq(r.id, id))
        .returning({ id: r.id });
      return row?.id;
    },
    { ...requirement, id },
  );
}

/** Deletes a requirement no evidence names (409 REQUIREMENT_IN_USE otherwise: disable it); another tenant's: 404. */
export async function deleteRequirement(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const { enterpriseId } = await requirementsOwner(ctx, caller);
  await inTransaction(ctx.pool, async (tx) => {
    const [found] = await tx
      .select({ id: r.id, name: r.name, kind: r.kind, used })
      .from(r)
      .where(and(eq(r.id, id), eq(r.enterpriseId, enterpriseId)))
      .for("update");
    if (!found) throw notFound("requirement");
    if (found.used) throw new AppError("REQUIREMENT_IN_USE", "Evidence names this requirement: disable it instead.");
    await tx.delete(r).where(eq(r.id, id));
    const object = ["complianceRequirement", id] as const;
    await appendAudit(tx, {
      by: caller,
      action: "complianceRequirement.deleted",
      object,
      enterpriseId,
      details: found,
    });
  });
  ctx.log.info({ event: "complianceRequirement.deleted", id, by: caller.id }, "compliance requirement deleted");
}

const reminderColumns = { first: enterprises.expiryFirstReminderDays, second: enterprises.expirySecondReminderDays };

export async function getReminderDays(ctx: TContext, caller: TCaller): Promise<TReminderDays> {
  const { enterpriseId } = await requirementsReader(ctx, caller);
  const [row] = await ctx.db.select(reminderColumns).from(enterprises).where(eq(enterprises.id, enterpriseId));
  return row!;
}

/** The enterprise's two reminder days before an item's last valid day (the second closer, or none). */
export async function setReminderDays(ctx: TContext, caller: TCaller, input: TReminderDays): Promise<TReminderDays> {
  const days = ZReminderDaysSchema.parse(input);
  const { enterpriseId } = await requirementsOwner(ctx, caller);
  return inTransaction(ctx.pool, async (tx) => {
    const [row] = await tx
      .update(enterprises)
      .set({ expiryFirstReminderDays: days.first, expirySecondReminderDays: days.second })
      .where(eq(enterprises.id, enterpriseId))
      .returning(reminderColumns);
    const object = ["enterprise", enterpriseId] as const;
    await appendAudit(tx, { by: caller, action: "complianceReminders.changed", object, enterpriseId, details: days });
    return row!;
  });
}
