import { and, eq, inArray } from "drizzle-orm";
import type { TContext } from "../context";
import { affiliations, suppliers, users } from "../db/schema";
import { found, notFound } from "../lib/not-found";
import type { TCaller } from "../plugins/auth";
import { forbidden } from "./refusal";

/** A worker whose card is read: a supplier's person (its Employee or the Supplier account itself). */
export interface TCardWorker {
  id: string;
  name: string;
  supplierId: string;
  company: string;
}

/** Who reads a card, and what of it: the worker's own side sees every enterprise; a principal only its own. */
export interface TCardReader {
  worker: TCardWorker;
  /** The worker or their supplier: sees the card's code and every enterprise the supplier is affiliated with. */
  ownSide: boolean;
  /** The supplier account: may re-issue the code. */
  mayReissue: boolean;
  /** A principal's staff: the one enterprise whose requirements they see. */
  enterpriseId: string | null;
}

async function findWorker(ctx: TContext, id: string): Promise<TCardWorker | undefined> {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, supplierId: suppliers.id, company: suppliers.name })
    .from(users)
    .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(and(eq(users.id, id), inArray(users.role, ["Supplier", "Employee"])));
  return row;
}

/**
 * The card's reader (docs/authorization-matrix.md, "Worker's card"): the worker, their supplier, or the staff of an
 * enterprise the supplier is affiliated with now. Anyone else — another supplier, another enterprise, a fellow
 * employee — gets the 404 of a card that does not exist.
 */
export async function cardReaderOf(ctx: TContext, caller: TCaller, workerId: string): Promise<TCardReader> {
  const worker = found(await findWorker(ctx, workerId), "worker");
  const own = { worker, ownSide: true, enterpriseId: null };
  if (caller.role === "Supplier" && caller.supplierId === worker.supplierId) return { ...own, mayReissue: true };
  if (caller.role === "Employee" && caller.id === worker.id) return { ...own, mayReissue: false };
  if (caller.enterpriseId && (caller.role === "Enterprise" || caller.divisionId)) {
    const [affiliated] = await ctx.db
      .select({ id: affiliations.id })
      .from(affiliations)
      .where(
        and(
          eq(affiliations.enterpriseId, caller.enterpriseId),
          eq(affiliations.supplierId, worker.supplierId),
          eq(affiliations.status, "affiliated"),
        ),
      );
    if (affiliated) return { worker, ownSide: false, mayReissue: false, enterpriseId: caller.enterpriseId };
  }
  throw notFound("worker");
}

/** Only the worker's supplier re-issues the card's code (the worker reads it; 403). */
export async function cardIssuerOf(ctx: TContext, caller: TCaller, workerId: string): Promise<TCardWorker> {
  const reader = await cardReaderOf(ctx, caller, workerId);
  if (!reader.mayReissue) throw forbidden();
  return reader.worker;
}
