import { type TCreditDemand, type TCreditDemandInput, type TDemandStatus, V } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import { organisationScope, requireEnterprise } from "../../access/organisation";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { creditTransactions, demands } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";
import { markDemandNoticesDone } from "../notifications/done";
import {
  findCreditDemand,
  hasPendingCreditDemand,
  listCreditDemands,
  type TCreditDemandRow,
} from "./credit-demands.repository";
import { notifyCredits } from "./credit-notices";
import { addToCreditsTotal } from "./credits.repository";

type TPage = { page: number; pageSize: number };

/** What a credits demand asks for, kept in its payload. */
const quantityOf = (payload: Record<string, unknown>) => Number(payload.quantity);

function toCreditDemand({ demand, enterprise, requester }: TCreditDemandRow): TCreditDemand {
  return {
    id: demand.id,
    kind: "credits",
    status: demand.status,
    quantity: quantityOf(demand.payload),
    note: typeof demand.payload.note === "string" ? demand.payload.note : "",
    createdAt: demand.createdAt.toISOString(),
    decidedAt: demand.decidedAt?.toISOString() ?? null,
    remark: demand.remark,
    enterprise,
    requester: requester?.id ? { id: requester.id, name: requester.name, email: requester.email } : null,
  };
}

async function reload(ctx: TContext, id: string) {
  const row = await findCreditDemand(ctx.db, id);
  if (!row) throw notFound("request");
  return toCreditDemand(row);
}

/** The caller's enterprise, for its company account alone (managers read credits but do not buy them). */
async function enterpriseOf(ctx: TContext, caller: TCaller) {
  const scope = await organisationScope(ctx, caller);
  requireEnterprise(scope);
  return scope;
}

/**
 * The enterprise asks the admin for credits. One pending request at a time: a lock on the enterprise's own key
 * makes two requests sent together queue, so the second sees the first and is refused (409).
 */
export async function requestCredits(ctx: TContext, caller: TCaller, input: Required<TCreditDemandInput>) {
  const scope = await enterpriseOf(ctx, caller);
  const id = await inTransaction(ctx.pool, async (tx, client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('credit-demand:' || $1))", [scope.enterpriseId]);
    if (await hasPendingCreditDemand(tx, scope.enterpriseId)) {
      throw new AppError("CREDIT_DEMAND_PENDING", "A credits request is already waiting for an answer.");
    }
    const [created] = await tx
      .insert(demands)
      .values({
        kind: "credits",
        enterpriseId: scope.enterpriseId,
        requestedBy: caller.id,
        payload: { quantity: input.quantity, note: input.note },
      })
      .returning({ id: demands.id });
    await notifyCredits(ctx, tx, client, {
      kind: "credits.requested",
      enterpriseId: scope.enterpriseId,
      enterpriseName: scope.enterpriseName,
      quantity: input.quantity,
      remaining: null,
      remark: input.note || null,
      senderId: caller.id,
      demandId: created!.id,
    });
    return created!.id;
  });
  ctx.jobs.wake();
  ctx.log.info({ event: "credit-demand", id, quantity: input.quantity, by: caller.id }, "credits requested");
  return reload(ctx, id);
}

export async function listOwnCreditDemands(ctx: TContext, caller: TCaller, page: TPage) {
  const scope = await enterpriseOf(ctx, caller);
  const { rows, total } = await listCreditDemands(ctx.db, { enterpriseId: scope.enterpriseId, ...page });
  return pageOf(rows.map(toCreditDemand), page, total);
}

/** The enterprise withdraws its pending request (another enterprise's is not found; a decided one is 409). */
export async function cancelCreditDemand(ctx: TContext, caller: TCaller, id: string) {
  const scope = await enterpriseOf(ctx, caller);
  if (!(await findCreditDemand(ctx.db, id, scope.enterpriseId))) throw notFound("request");
  const cancelled = await inTransaction(ctx.pool, async (tx, client) => {
    const [row] = await tx
      .update(demands)
      .set({ status: "cancelled", decidedBy: caller.id, decidedAt: new Date() })
      .where(and(eq(demands.id, id), eq(demands.status, "pending")))
      .returning({ id: demands.id });
    if (row) await markDemandNoticesDone(tx, client, [id]);
    return row;
  });
  if (!cancelled) throw new AppError("CONFLICT", "This request has already been decided.");
  return reload(ctx, id);
}

/** The admin's list of every enterprise's credits requests. */
export async function listCreditDemandsForAdmin(ctx: TContext, query: { status?: TDemandStatus | undefined } & TPage) {
  const { rows, total } = await listCreditDemands(ctx.db, query);
  return pageOf(rows.map(toCreditDemand), query, total);
}

/**
 * The admin approves (the purchase is recorded: credits added, ledger row noted "request <id>") or denies (a reason
 * is required) a credits request, in one transaction whose UPDATE … WHERE status = 'pending' decides who wins:
 * of two decisions at once, one commits, the other finds nothing pending and gets 409. The enterprise's company
 * accounts are told either way.
 */
export async function decideCreditDemand(
  ctx: TContext,
  caller: TCaller,
  id: string,
  decision: "approved" | "denied",
  remarkInput: string | undefined,
) {
  // A denial's reason is required: decideDemand checked it before choosing the kind.
  const remark = remarkInput?.trim() || null;
  const existing = await findCreditDemand(ctx.db, id);
  if (!existing) throw notFound("request");
  const decided = await inTransaction(ctx.pool, async (tx, client) => {
    const now = new Date();
    const [row] = await tx
      .update(demands)
      .set({ status: decision, decidedBy: caller.id, decidedAt: now, remark })
      .where(and(eq(demands.id, id), eq(demands.kind, "credits"), eq(demands.status, "pending")))
      .returning({ enterpriseId: demands.enterpriseId, payload: demands.payload });
    if (!row?.enterpriseId) return false;
    const quantity = quantityOf(row.payload);
    if (decision === "approved") {
      if (!(await addToCreditsTotal(tx, row.enterpriseId, quantity))) {
        throw new AppError("VALIDATION_FAILED", "The enterprise's credits cannot grow that large.", {
          quantity: V.invalidValue,
        });
      }
      await tx.insert(creditTransactions).values({
        enterpriseId: row.enterpriseId,
        kind: "purchase",
        quantity,
        note: `request ${id}`,
        recordedBy: caller.id,
        createdAt: now,
      });
    }
    await markDemandNoticesDone(tx, client, [id]);
    await notifyCredits(ctx, tx, client, {
      kind: decision === "approved" ? "credits.approved" : "credits.denied",
      enterpriseId: row.enterpriseId,
      enterpriseName: existing.enterprise.name,
      quantity,
      remaining: null,
      remark,
    });
    return true;
  });
  if (!decided) throw new AppError("CONFLICT", "This request has already been decided.");
  ctx.jobs.wake();
  ctx.log.info({ event: "credit-demand", id, decision, by: caller.id }, "credits request decided");
  return reload(ctx, id);
}
