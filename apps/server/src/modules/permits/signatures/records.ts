import { SIGNATURE_DECLARATIONS, type TLanguage, type TSignedAction } from "@openpermit/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { TDb } from "../../../db/client";
import { permitSignatures } from "../../../db/schema";

/** Stores one signature in the move's transaction: it exists exactly when the move happened. */
export async function storeSignature(
  tx: TDb,
  signature: {
    permitId: string;
    kind: TSignedAction;
    signerId: string;
    language: TLanguage;
    contentHash: string;
    at: Date;
  },
): Promise<void> {
  await tx.insert(permitSignatures).values({
    permitId: signature.permitId,
    kind: signature.kind,
    signerId: signature.signerId,
    signedAt: signature.at,
    language: signature.language,
    declaration: SIGNATURE_DECLARATIONS[signature.kind][signature.language],
    contentHash: signature.contentHash,
  });
}

/** A new send (after a recheck, the content may have changed): the signatures given so far no longer hold. */
export async function voidSignatures(tx: TDb, permitId: string, at: Date): Promise<void> {
  await tx
    .update(permitSignatures)
    .set({ voidedAt: at })
    .where(and(eq(permitSignatures.permitId, permitId), isNull(permitSignatures.voidedAt)));
}
