import { isSignedAction, SIGNATURE_DECLARATIONS, type TPermitAction, type TSignedAction } from "@openpermit/shared";
import type { TPermitParty } from "../access/permits";
import type { TDb } from "../db/client";
import { permitSignatures } from "../db/schema";
import { findVisiblePermitWhole, toPermit } from "../modules/permits/permit-read";
import { contentHashOf } from "../modules/permits/signatures/content-hash";

/** A demo permit's close-out, as its holder declared it: done, safe, cleared, everyone out. */
export const DEMO_CLOSE_OUT = {
  workComplete: true,
  remainingWork: "",
  areaSafe: true,
  toolsRemoved: true,
  peopleOut: true,
} as const;

interface TSignedStep {
  kind: TSignedAction;
  signerId: string;
  at: Date;
  /** When a later send voided it. */
  voidedAt: Date | null;
}

/** The signatures a demo permit's steps leave, as the API would: each signed step signs, a send voids the earlier ones. */
export function signedSteps(steps: { action: TPermitAction; actorId: string | null; at: Date }[]): TSignedStep[] {
  const signed: TSignedStep[] = [];
  for (const { action, actorId, at } of steps) {
    if (action === "send") for (const s of signed) s.voidedAt ??= at;
    if (isSignedAction(action) && actorId) signed.push({ kind: action, signerId: actorId, at, voidedAt: null });
  }
  return signed;
}

/**
 * Stores a demo permit's signatures over its content as seeded (the same hash the API computes: its content has
 * not changed since it was signed). Read as the enterprise would read it.
 */
export async function signDemoPermit(
  tx: TDb,
  party: TPermitParty,
  permitId: string,
  signed: TSignedStep[],
): Promise<void> {
  if (signed.length === 0) return;
  const contentHash = contentHashOf(toPermit(party, await findVisiblePermitWhole(tx, party, permitId)));
  await tx.insert(permitSignatures).values(
    signed.map((s) => ({
      permitId,
      kind: s.kind,
      signerId: s.signerId,
      signedAt: s.at,
      language: "en",
      declaration: SIGNATURE_DECLARATIONS[s.kind].en,
      contentHash,
      voidedAt: s.voidedAt,
    })),
  );
}
