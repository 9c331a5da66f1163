import type { TAffiliationDirection, TAffiliationStatus } from "@openpermit/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { violates } from "../../db/pg-errors";
import { affiliationEvents, affiliations, demands } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { companyGaps } from "../compliance/standing";

/**
 * The affiliation's state machine, used inside the caller's transaction so that the status, its event and
 * the demand change together or not at all. This file imports nothing of the auth module: completing an
 * account (auth) calls into it.
 */

const PENDING_DEMAND_INDEX = "demands_affiliation_pending_uq";

export const alreadyAffiliated = () =>
  new AppError("ALREADY_AFFILIATED", "This contractor is already affiliated with the enterprise.");
export const affiliationPending = () =>
  new AppError("AFFILIATION_PENDING", "An invitation or request between them is already waiting for an answer.");

/** Records who moved an affiliation to `status` (the history every change leaves). */
export async function recordEvent(
  tx: TDb,
  affiliationId: string,
  status: TAffiliationStatus,
  actorId: string | null,
  remark: string | null = null,
) {
  await tx.insert(affiliationEvents).values({ affiliationId, status, actorId, remark });
}

/** Moves an affiliation to `status` and records who did it. */
export async function moveAffiliation(
  tx: TDb,
  affiliationId: string,
  status: TAffiliationStatus,
  actorId: string | null,
  remark: string | null = null,
) {
  await tx.update(affiliations).set({ status, updatedAt: new Date() }).where(eq(affiliations.id, affiliationId));
  await recordEvent(tx, affiliationId, status, actorId, remark);
}

/**
 * Opens an invitation or a request between an enterprise and a supplier: creates their affiliation or
 * restarts a detached, denied or cancelled one (its history stays), and adds the pending demand. The row
 * lock makes two racing callers queue up: the second sees the first's pending status and gets 409; the
 * partial unique index on pending demands is the last guard. Returns the demand's id.
 */
export async function openAffiliationDemand(
  tx: TDb,
  open: {
    enterpriseId: string;
    supplierId: string;
    direction: TAffiliationDirection;
    email: string;
    actorId: string;
  },
): Promise<string> {
  const status: TAffiliationStatus = open.direction === "invitation" ? "invited" : "requested";
  const [created] = await tx
    .insert(affiliations)
    .values({ enterpriseId: open.enterpriseId, supplierId: open.supplierId, status })
    .onConflictDoNothing({ target: [affiliations.enterpriseId, affiliations.supplierId] })
    .returning({ id: affiliations.id });
  let affiliationId: string;
  if (created) {
    affiliationId = created.id;
    await recordEvent(tx, affiliationId, status, open.actorId);
  } else {
    const [current] = await tx
      .select({ id: affiliations.id, status: affiliations.status })
      .from(affiliations)
      .where(and(eq(affiliations.enterpriseId, open.enterpriseId), eq(affiliations.supplierId, open.supplierId)))
      .for("update");
    if (!current) throw affiliationPending(); // Deleted under us: rare enough to ask the caller to try again.
    if (current.status === "affiliated") throw alreadyAffiliated();
    if (current.status === "invited" || current.status === "requested") throw affiliationPending();
    affiliationId = current.id;
    await moveAffiliation(tx, affiliationId, status, open.actorId);
  }
  try {
    const [demand] = await tx
      .insert(demands)
      .values({
        kind: "affiliation",
        enterpriseId: open.enterpriseId,
        supplierId: open.supplierId,
        requestedBy: open.actorId,
        affiliationId,
        direction: open.direction,
        email: open.email,
      })
      .returning({ id: demands.id });
    return demand!.id;
  } catch (error) {
    if (violates(error, PENDING_DEMAND_INDEX)) throw affiliationPending();
    throw error;
  }
}

/** Maps a unique violation of the pending-demand index, raised at commit or outside, to its 409. */
export function pendingRefusal(error: unknown): unknown {
  return violates(error, PENDING_DEMAND_INDEX) ? affiliationPending() : error;
}

/**
 * An invited supplier completed its account: every invitation waiting for its company is accepted by it,
 * and those affiliations become `affiliated` — in the transaction that activates the account. An invitation of an
 * enterprise requiring company documents the supplier does not meet yet stays pending: the supplier accepts it
 * once they are given and accepted (the affiliation gate, compliance/gates.ts).
 */
export async function acceptPendingInvitations(tx: TDb, supplierId: string, supplierUserId: string) {
  const now = new Date();
  const waiting = await tx
    .select({ enterpriseId: demands.enterpriseId })
    .from(demands)
    .where(
      and(
        eq(demands.kind, "affiliation"),
        eq(demands.supplierId, supplierId),
        eq(demands.direction, "invitation"),
        eq(demands.status, "pending"),
      ),
    );
  const enterpriseIds = waiting.map((d) => d.enterpriseId).filter((id): id is string => id !== null);
  // One look per inviting enterprise (a new company has few invitations): each has its own requirements.
  // One after the other: the transaction's one client takes one query at a time.
  const cleared: string[] = [];
  for (const id of enterpriseIds) {
    if ((await companyGaps(tx, id, supplierId, now)).length === 0) cleared.push(id);
  }
  if (cleared.length === 0) return;
  const accepted = await tx
    .update(demands)
    .set({ status: "approved", decidedBy: supplierUserId, decidedAt: now })
    .where(
      and(
        eq(demands.kind, "affiliation"),
        eq(demands.supplierId, supplierId),
        eq(demands.direction, "invitation"),
        eq(demands.status, "pending"),
        inArray(demands.enterpriseId, cleared),
      ),
    )
    .returning({ affiliationId: demands.affiliationId });
  const ids = accepted.map((d) => d.affiliationId).filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await tx.update(affiliations).set({ status: "affiliated", updatedAt: now }).where(inArray(affiliations.id, ids));
  await tx
    .insert(affiliationEvents)
    .values(ids.map((affiliationId) => ({ affiliationId, status: "affiliated" as const, actorId: supplierUserId })));
}
