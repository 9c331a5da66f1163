import { SIGNATURE_DECLARATIONS, type TSignatureKind } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type { TPermitParty } from "../access/permits";
import type { TDb } from "../db/client";
import { permitEvents, permitExtensions, permitHandovers, permitSignatures, permits } from "../db/schema";
import { findVisiblePermitWhole, toPermit } from "../modules/permits/permit-read";
import { contentHashOf } from "../modules/permits/signatures/content-hash";

const HOUR = 3_600_000;
/** The demo's extended permit (in progress, valid now) and its handed-over one (the overdue backfill). */
export const DEMO_EXTENDED = "Excavate around the suction line of pump station PS-2";
export const DEMO_HANDED_OVER = "Backfill the trench at pump station PS-2";

type TPeople = { holder: string; signer: string; incoming: string };

async function permitNamed(tx: TDb, enterpriseId: string, title: string) {
  const [row] = await tx
    .select({ id: permits.id, startAt: permits.startAt, endAt: permits.endAt, status: permits.status })
    .from(permits)
    .where(and(eq(permits.enterpriseId, enterpriseId), eq(permits.taskTitle, title)));
  return row?.status === "In_progress" && row.startAt && row.endAt
    ? { ...row, startAt: row.startAt, endAt: row.endAt }
    : null;
}

/** A signature over the permit's content as it is now (as the API signs an extension or a handover). */
async function sign(tx: TDb, party: TPermitParty, permitId: string, kind: TSignatureKind, signerId: string, at: Date) {
  const contentHash = contentHashOf(toPermit(party, await findVisiblePermitWhole(tx, party, permitId)));
  await tx.insert(permitSignatures).values({
    permitId,
    kind,
    signerId,
    signedAt: at,
    language: "en",
    declaration: SIGNATURE_DECLARATIONS[kind].en,
    contentHash,
  });
}

/**
 * The demo's extension and shift handover (docs/safety.md, "Extension and shift handover"): the excavation's holder
 * asked two more hours an hour after the start (the whole window stays within the work type's 12 h) and the area's
 * manager signed it; the backfill's holder handed it over six hours into the work to Walter Welder, who kept the
 * crew signed on. Each with its history events and signatures, as the API records them.
 */
export async function seedShift(tx: TDb, enterpriseId: string, people: TPeople): Promise<void> {
  const party = {
    side: "principal",
    role: "Enterprise",
    userId: people.holder,
    enterpriseId,
    divisionId: null,
  } as const;
  const extended = await permitNamed(tx, enterpriseId, DEMO_EXTENDED);
  if (extended) {
    const askedAt = new Date(extended.startAt.getTime() + HOUR);
    const decidedAt = new Date(askedAt.getTime() + 20 * 60_000);
    const newEndAt = new Date(extended.endAt.getTime() + 2 * HOUR);
    const reason = "The suction line is deeper than the drawings show: two more hours to expose the flange.";
    await tx.insert(permitExtensions).values({
      permitId: extended.id,
      askedBy: people.holder,
      askedAt,
      reason,
      oldEndAt: extended.endAt,
      newEndAt,
      decision: "signed",
      decidedBy: people.signer,
      decidedAt,
    });
    await tx.update(permits).set({ endAt: newEndAt }).where(eq(permits.id, extended.id));
    await sign(tx, party, extended.id, "extend", people.signer, decidedAt);
    const event = { permitId: extended.id, fromStatus: "In_progress", toStatus: "In_progress" } as const;
    await tx.insert(permitEvents).values([
      { ...event, action: "extensionAsked", actorId: people.holder, remark: reason, createdAt: askedAt },
      { ...event, action: "extensionSigned", actorId: people.signer, createdAt: decidedAt },
    ]);
  }
  const handedOver = await permitNamed(tx, enterpriseId, DEMO_HANDED_OVER);
  if (handedOver) {
    const startedAt = new Date(handedOver.startAt.getTime() + 6 * HOUR);
    const acceptedAt = new Date(startedAt.getTime() + 10 * 60_000);
    const note =
      "Trench half backfilled and compacted to 1 m; shoring still in on the east wall; plate compactor left at the gate.";
    await tx.insert(permitHandovers).values({
      permitId: handedOver.id,
      fromId: people.holder,
      toId: people.incoming,
      note,
      startedAt,
      acceptedAt,
      crewKept: true,
    });
    await tx
      .update(permits)
      .set({ holderId: people.incoming, shiftStartedAt: acceptedAt })
      .where(eq(permits.id, handedOver.id));
    await sign(tx, party, handedOver.id, "handoverOut", people.holder, startedAt);
    await sign(tx, party, handedOver.id, "handover", people.incoming, acceptedAt);
    const event = { permitId: handedOver.id, fromStatus: "In_progress", toStatus: "In_progress" } as const;
    await tx.insert(permitEvents).values([
      { ...event, action: "handoverStarted", actorId: people.holder, remark: note, createdAt: startedAt },
      { ...event, action: "handover", actorId: people.incoming, createdAt: acceptedAt },
    ]);
  }
}
