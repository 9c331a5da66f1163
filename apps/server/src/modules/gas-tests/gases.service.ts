import { type TGas, type TGasInput, V, ZGasInputSchema } from "@openpermit/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { gasesOwner } from "../../access/gas-tests";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { gases, gasTestReadings } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";

/** The enterprise's gases and their limits (docs/safety.md, "The atmosphere is tested"), set by the Enterprise. */

const used = sql<boolean>`EXISTS (SELECT 1 FROM ${gasTestReadings} r WHERE r.gas_id = ${gases.id})`;

/** The enterprise's gases in their order; only the enabled ones when asked (what a new test reads). */
export function gasesOf(db: TDb, enterpriseId: string, enabledOnly = false): Promise<TGas[]> {
  return db
    .select({
      id: gases.id,
      name: gases.name,
      unit: gases.unit,
      lowLimit: gases.lowLimit,
      highLimit: gases.highLimit,
      enabled: gases.enabled,
      used,
    })
    .from(gases)
    .where(and(eq(gases.enterpriseId, enterpriseId), enabledOnly ? eq(gases.enabled, true) : undefined))
    .orderBy(asc(gases.position), asc(gases.createdAt));
}

export async function listGases(ctx: TContext, caller: TCaller): Promise<TGas[]> {
  const { enterpriseId } = await gasesOwner(ctx, caller);
  return gasesOf(ctx.db, enterpriseId);
}

const nameTaken = () => new AppError("CONFLICT", "A gas of this name exists already.", { name: V.duplicateValue });

/** One write of a gas, with its audit entry; a name already used by the enterprise is refused (409 `name`). */
async function writeGas(
  ctx: TContext,
  caller: TCaller,
  action: "gas.created" | "gas.changed",
  write: (tx: TDb, enterpriseId: string) => Promise<string | undefined>,
  details: Record<string, unknown>,
): Promise<TGas> {
  const { enterpriseId } = await gasesOwner(ctx, caller);
  const id = await inTransaction(ctx.pool, async (tx) => {
    const written = await write(tx, enterpriseId);
    if (!written) throw notFound("gas");
    await appendAudit(tx, { by: caller, action, object: ["gas", written], enterpriseId, details });
    return written;
  }).catch((error: unknown) => {
    // gases_name_uq: one name per enterprise, whatever its case.
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  ctx.log.info({ event: action, id, by: caller.id }, "gas written");
  const [gas] = (await gasesOf(ctx.db, enterpriseId)).filter((g) => g.id === id);
  return gas!;
}

export function createGas(ctx: TContext, caller: TCaller, input: TGasInput): Promise<TGas> {
  const gas = ZGasInputSchema.parse(input);
  return writeGas(
    ctx,
    caller,
    "gas.created",
    async (tx, enterpriseId) => {
      const [row] = await tx
        .insert(gases)
        .values({
          ...gas,
          enterpriseId,
          position: sql`(SELECT coalesce(max(position), -1) + 1 FROM ${gases} WHERE enterprise_id = ${enterpriseId})`,
        })
        .returning({ id: gases.id });
      return row?.id;
    },
    gas,
  );
}

/** Replaces a gas's name, unit, limits and whether new tests read it: tests already made keep the limits they used. */
export function updateGas(ctx: TContext, caller: TCaller, id: string, input: TGasInput): Promise<TGas> {
  const gas = ZGasInputSchema.parse(input);
  return writeGas(
    ctx,
    caller,
    "gas.changed",
    async (tx, enterpriseId) => {
      const [row] = await tx
        .update(gases)
        .set({ ...gas, updatedAt: new Date() })
        .where(and(eq(gases.id, id), eq(gases.enterpriseId, enterpriseId)))
        .returning({ id: gases.id });
      return row?.id;
    },
    { ...gas, id },
  );
}

/** Deletes a gas no test has read (409 GAS_IN_USE otherwise: disable it); another enterprise's: 404. */
export async function deleteGas(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const { enterpriseId } = await gasesOwner(ctx, caller);
  await inTransaction(ctx.pool, async (tx) => {
    const [gas] = await tx
      .select({ id: gases.id, name: gases.name, used })
      .from(gases)
      .where(and(eq(gases.id, id), eq(gases.enterpriseId, enterpriseId)))
      .for("update");
    if (!gas) throw notFound("gas");
    if (gas.used) throw new AppError("GAS_IN_USE", "A test has read this gas: disable it instead.");
    await tx.delete(gases).where(eq(gases.id, id));
    await appendAudit(tx, { by: caller, action: "gas.deleted", object: ["gas", id], enterpriseId, details: gas });
  });
  ctx.log.info({ event: "gas.deleted", id, by: caller.id }, "gas deleted");
}
