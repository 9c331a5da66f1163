import {
  SIGNATURE_DECLARATIONS,
  SIGNATURE_HASH_PREFIX,
  type TLanguage,
  type TPermitCheck,
  type TSignatureKind,
} from "@openpermit/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { TDb } from "../../../db/client";
import { permitSignatures, users } from "../../../db/schema";

/** Stores one signature in the move's transaction: it exists exactly when the move happened. */
export async function storeSignature(
  tx: TDb,
  signature: {
    permitId: string;
    kind: TSignatureKind;
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

/** The signatures as the public check page shows them: who, role, when, the hash's first characters, voided. */
export async function publicSignatures(db: TDb, permitId: string): Promise<TPermitCheck["signatures"]> {
  const rows = await db
    .select({ signature: permitSignatures, name: users.name, role: users.role })
    .from(permitSignatures)
    .leftJoin(users, eq(users.id, permitSignatures.signerId))
    .where(eq(permitSignatures.permitId, permitId))
    .orderBy(asc(permitSignatures.signedAt), asc(permitSignatures.id));
  return rows.map(({ signature, name, role }) => ({
    kind: signature.kind,
    signer: name,
    role,
    signedAt: signature.signedAt.toISOString(),
    hashPrefix: signature.contentHash.slice(0, SIGNATURE_HASH_PREFIX),
    voided: signature.voidedAt !== null,
  }));
}
