import type { TClashStep, TPermitClashes } from "@openpermit/shared";
import { asc, eq, sql } from "drizzle-orm";
import { permitPartyOf, type TPermitParty, visiblePermits } from "../../access/permits";
import type { TContext } from "../../context";
import { permitClashAcknowledgements, permits, users } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { findVisiblePermit } from "../permits/permit-read";
import { clashesOf } from "./detect";

/**
 * The acknowledgements recorded on a permit, oldest first, with the other permit (its id only if the reader may
 * open it) and the signer named.
 */
export async function acknowledgementsOf(ctx: TContext, permitId: string, reader: TPermitParty) {
  const rows = await ctx.db
    .select({
      ack: permitClashAcknowledgements,
      other: {
        id: sql<string | null>`CASE WHEN ${visiblePermits(reader)} THEN ${permits.id} END`,
        // Numbered: it was sent when it clashed.
        documentNumber: sql<string>`${permits.documentNumber}`,
        taskTitle: permits.taskTitle,
      },
      by: { id: users.id, name: users.name },
    })
    .from(permitClashAcknowledgements)
    .innerJoin(permits, eq(permits.id, permitClashAcknowledgements.otherPermitId))
    .innerJoin(users, eq(users.id, permitClashAcknowledgements.acknowledgedBy))
    .where(eq(permitClashAcknowledgements.permitId, permitId))
    .orderBy(asc(permitClashAcknowledgements.acknowledgedAt), asc(permits.documentNumber));
  return rows.map(({ ack, other, by }) => ({
    id: ack.id,
    step: ack.step as TClashStep,
    otherPermit: other,
    rules: ack.rules as TPermitClashes["acknowledgements"][number]["rules"],
    remark: ack.remark,
    by,
    at: ack.acknowledgedAt.toISOString(),
  }));
}

/** GET /api/permits/:id/clashes: for anyone who sees the permit (404 otherwise), its clashes now and its record. */
export async function permitClashes(ctx: TContext, caller: TCaller, id: string): Promise<TPermitClashes> {
  const party = await permitPartyOf(ctx, caller);
  await findVisiblePermit(ctx.db, party, id);
  const [clashes, acknowledgements] = await Promise.all([
    clashesOf(ctx.db, id, party),
    acknowledgementsOf(ctx, id, party),
  ]);
  return { clashes, acknowledgements };
}
