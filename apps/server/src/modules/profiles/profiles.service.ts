import { isRole, type TMe, type TProfileRecord, type TUpdateMe } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { canSeeProfile } from "../../access/profiles";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { loadProfileRow, type TProfileRow } from "./profiles.repository";

function toRecord(row: TProfileRow): TProfileRecord {
  const { user } = row;
  const record: TProfileRecord = { id: user.id, name: user.name, email: user.email, role: user.role };
  if (user.role === "Employee" && row.supplier) {
    record.fournisseur = { id: row.supplier.id, name: row.supplier.name, enterpriseId: null, enterpriseName: null };
  }
  if ((user.role === "Responsible" || user.role === "SuperResponsible") && row.division) {
    record.division = {
      id: row.division.id,
      name: row.division.name,
      enterpriseId: row.divisionEnterprise?.id ?? null,
      enterpriseName: row.divisionEnterprise?.name ?? null,
    };
  }
  if (user.role === "Enterprise" && row.enterprise) record.company = row.enterprise;
  if (user.role === "Supplier" && row.supplier) record.company = row.supplier;
  return record;
}

const notFound = () => new AppError("USER_NOT_FOUND", "This user does not exist");

/** GET /api/{role}/{id}: the profile record, for oneself or someone the caller may see. */
export async function getProfile(ctx: TContext, caller: TCaller, role: string, id: string): Promise<TProfileRecord> {
  if (!isRole(role) || !z.uuid().safeParse(id).success) throw notFound();
  const row = await loadProfileRow(ctx.db, id);
  if (!row || row.user.role !== role || !canSeeProfile(caller, row.user)) throw notFound();
  return toRecord(row);
}

export async function getMe(ctx: TContext, caller: TCaller): Promise<TMe> {
  const row = await loadProfileRow(ctx.db, caller.id);
  if (!row) throw notFound();
  return {
    ...toRecord(row),
    phone: row.user.phone,
    language: row.user.language,
    status: row.user.status,
    createdAt: row.user.createdAt.toISOString(),
  };
}

export async function updateMe(ctx: TContext, caller: TCaller, input: TUpdateMe): Promise<TMe> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await inTransaction(ctx.pool, async (tx) => {
    const updated = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, caller.id))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError("PROFILE_UPDATE_FAILED", "Profile update failed");
    await appendAudit(tx, {
      by: caller,
      action: "account.updated",
      object: ["user", caller.id],
      details: { fields: Object.keys(changes) },
    });
  });
  return getMe(ctx, caller);
}
