import { randomUUID } from "node:crypto";
import {
  DEFAULT_RISK_MATRIX,
  defaultCriticalityIndex,
  type TCriticality,
  type TRiskMatrix,
  type TRiskMatrixInput,
} from "@openpermit/shared";
import { and, eq, notInArray, sql } from "drizzle-orm";
import {
  mayEditRiskSetup,
  readScope,
  requireEnterprise,
  requireRiskSetupEditor,
  riskScope,
  type TReadScope,
} from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { criticalityLevels, matrixAxisLevels, matrixCells, riskMatrices } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit, type TAuditEntryInput } from "../audit/append";
import { findCell, loadMatrix } from "./risk-matrix.repository";

async function readMatrix(ctx: TContext, scope: TReadScope): Promise<TRiskMatrix> {
  const { settings, axes, levels, cells } = await loadMatrix(ctx.db, scope.enterpriseId);
  const axis = (which: "probability" | "severity") =>
    axes.filter((a) => a.axis === which).map((a) => ({ id: a.id, rank: a.rank, label: a.label }));
  return {
    probabilities: axis("probability"),
    severities: axis("severity"),
    levels: levels.map((l) => ({ id: l.id, name: l.name, colour: l.colour, description: l.description, flow: l.flow })),
    cells,
    superResponsibleMayEdit: settings?.superResponsibleMayEdit ?? false,
    canEdit: await mayEditRiskSetup(ctx, scope),
    updatedAt: settings?.updatedAt?.toISOString() ?? null,
  };
}

export async function getMatrix(ctx: TContext, caller: TCaller, enterpriseId?: string | undefined) {
  return readMatrix(ctx, await readScope(ctx, caller, enterpriseId));
}

/**
 * Replaces the whole matrix in one transaction (the input was checked whole by its schema). Items whose id is
 * one of this matrix's keep it; other keys get new ids.
 */
export async function writeMatrix(
  ctx: TContext,
  scope: { enterpriseId: string; userId: string | null },
  input: TRiskMatrixInput,
  audit?: Pick<TAuditEntryInput, "by" | "action">,
) {
  await inTransaction(ctx.pool, async (tx) => {
    // One writer at a time per enterprise: the settings row is the lock.
    await tx.insert(riskMatrices).values({ enterpriseId: scope.enterpriseId }).onConflictDoNothing();
    await tx
      .select({ id: riskMatrices.enterpriseId })
      .from(riskMatrices)
      .where(eq(riskMatrices.enterpriseId, scope.enterpriseId))
      .for("update");
    const axisIds = new Set(
      (
        await tx
          .select({ id: matrixAxisLevels.id })
          .from(matrixAxisLevels)
          .where(eq(matrixAxisLevels.enterpriseId, scope.enterpriseId))
      ).map((r) => r.id),
    );
    const levelIds = new Set(
      (
        await tx
          .select({ id: criticalityLevels.id })
          .from(criticalityLevels)
          .where(eq(criticalityLevels.enterpriseId, scope.enterpriseId))
      ).map((r) => r.id),
    );
    const ids = new Map<string, string>();
    const keep = (key: string, known: Set<string>) => {
      const id = known.has(key) ? key : randomUUID();
      ids.set(key, id);
      return id;
    };
    await tx.delete(matrixAxisLevels).where(eq(matrixAxisLevels.enterpriseId, scope.enterpriseId));
    const levelRows = input.levels.map((level, position) => ({
      id: keep(level.id, levelIds),
      enterpriseId: scope.enterpriseId,
      position,
      name: level.name,
      colour: level.colour.toLowerCase(),
      description: level.description,
      flow: level.flow,
    }));
    // Levels kept are updated in place, not deleted and made again: the minimum levels of risks name them
    // (a deleted level clears those minimums).
    const keptLevels = levelRows.map((level) => level.id);
    await tx
      .delete(criticalityLevels)
      .where(and(eq(criticalityLevels.enterpriseId, scope.enterpriseId), notInArray(criticalityLevels.id, keptLevels)));
    const axis = (which: "probability" | "severity", items: TRiskMatrixInput["probabilities"]) =>
      items.map((item) => ({
        id: keep(item.id, axisIds),
        enterpriseId: scope.enterpriseId,
        axis: which,
        rank: item.rank,
        label: item.label,
      }));
    await tx
      .insert(matrixAxisLevels)
      .values([...axis("probability", input.probabilities), ...axis("severity", input.severities)]);
    await tx
      .insert(criticalityLevels)
      .values(levelRows)
      .onConflictDoUpdate({
        target: criticalityLevels.id,
        set: {
          position: sql`excluded.position`,
          name: sql`excluded.name`,
          colour: sql`excluded.colour`,
          description: sql`excluded.description`,
          flow: sql`excluded.flow`,
        },
      });
    await tx.insert(matrixCells).values(
      input.cells.map((cell) => ({
        probabilityId: ids.get(cell.probabilityId)!,
        severityId: ids.get(cell.severityId)!,
        levelId: ids.get(cell.levelId)!,
      })),
    );
    await tx
      .update(riskMatrices)
      .set({ updatedAt: new Date(), updatedBy: scope.userId })
      .where(eq(riskMatrices.enterpriseId, scope.enterpriseId));
    if (audit)
      await appendAudit(tx, { ...audit, object: ["riskMatrix", scope.enterpriseId], enterpriseId: scope.enterpriseId });
  });
  ctx.log.info({ event: "risk-matrix", by: scope.userId }, "risk matrix replaced");
}

async function matrixEditor(ctx: TContext, caller: TCaller) {
  const scope = await riskScope(ctx, caller);
  await requireRiskSetupEditor(ctx, scope, "You may not edit the risk matrix.");
  return scope;
}

export async function putMatrix(ctx: TContext, caller: TCaller, input: TRiskMatrixInput) {
  const scope = await matrixEditor(ctx, caller);
  await writeMatrix(ctx, scope, input, { by: caller, action: "riskMatrix.changed" });
  return readMatrix(ctx, scope);
}

/** The default matrix as a PUT body: 5 × 5 ranked 1–5, four levels, each cell by the score p × s. */
export function defaultMatrixInput(): TRiskMatrixInput {
  const axis = (prefix: string, labels: readonly string[]) =>
    labels.map((label, i) => ({ id: `${prefix}${i + 1}`, rank: i + 1, label }));
  const probabilities = axis("p", DEFAULT_RISK_MATRIX.probabilities);
  const severities = axis("s", DEFAULT_RISK_MATRIX.severities);
  return {
    probabilities,
    severities,
    levels: DEFAULT_RISK_MATRIX.levels.map((level, i) => ({ id: `l${i}`, ...level })),
    cells: probabilities.flatMap((p) =>
      severities.map((s) => ({
        probabilityId: p.id,
        severityId: s.id,
        levelId: `l${defaultCriticalityIndex(p.rank, s.rank)}`,
      })),
    ),
  };
}

export async function resetMatrix(ctx: TContext, caller: TCaller) {
  const scope = await matrixEditor(ctx, caller);
  await writeMatrix(ctx, scope, defaultMatrixInput(), { by: caller, action: "riskMatrix.reset" });
  return readMatrix(ctx, scope);
}

export async function updateMatrixSettings(ctx: TContext, caller: TCaller, superResponsibleMayEdit: boolean) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const enterpriseId = scope.enterpriseId;
  await inTransaction(ctx.pool, async (tx) => {
    await tx
      .insert(riskMatrices)
      .values({ enterpriseId, superResponsibleMayEdit })
      .onConflictDoUpdate({ target: riskMatrices.enterpriseId, set: { superResponsibleMayEdit } });
    await appendAudit(tx, {
      by: caller,
      action: "riskMatrix.settingsChanged",
      object: ["riskMatrix", enterpriseId],
      enterpriseId,
      details: { superResponsibleMayEdit },
    });
  });
  ctx.log.info({ event: "risk-matrix-settings", by: scope.userId, superResponsibleMayEdit }, "matrix settings");
  return readMatrix(ctx, scope);
}

/** The criticality level of a probability and a severity of the caller's matrix. */
export async function criticalityOf(
  ctx: TContext,
  caller: TCaller,
  probabilityId: string,
  severityId: string,
  enterpriseId?: string | undefined,
): Promise<TCriticality> {
  const scope = await readScope(ctx, caller, enterpriseId);
  const found = await findCell(ctx.db, scope.enterpriseId, probabilityId, severityId);
  if (!found) {
    const [any] = await ctx.db
      .select({ id: matrixAxisLevels.id })
      .from(matrixAxisLevels)
      .where(eq(matrixAxisLevels.enterpriseId, scope.enterpriseId))
      .limit(1);
    if (!any) throw new AppError("RISK_MATRIX_EMPTY", "Severity and probability must be added to the table.");
    throw notFound("probability or severity");
  }
  // Every write keeps the grid complete; a missing cell would be a broken matrix, not the caller's doing.
  if (!found.level) throw new Error(`Matrix cell ${probabilityId} × ${severityId} has no level`);
  const axis = (a: { id: string; rank: number; label: string }) => ({ id: a.id, rank: a.rank, label: a.label });
  const { level } = found;
  return {
    probability: axis(found.probability),
    severity: axis(found.severity),
    level: { id: level.id, name: level.name, colour: level.colour, description: level.description, flow: level.flow },
  };
}
