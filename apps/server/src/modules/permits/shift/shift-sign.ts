import { signatureInputMissing, type TPermit } from "@openpermit/shared";
import type { TPermitParty } from "../../../access/permits";
import type { TContext } from "../../../context";
import { AppError } from "../../../lib/app-error";
import type { TCaller } from "../../../plugins/auth";
import { readPermit } from "../permit-read";
import { contentHashOf } from "../signatures/content-hash";
import { authenticateSigner } from "../signatures/signer";

/**
 * The signature of an extension or a handover, checked before anything is written as the workflow's are
 * (signatures/action-extras.ts): 400 naming what is missing, then the signer's password (401, 429 after five
 * wrong in a row). Returns the declaration's language and the hash of the content vouched for: the permit as it
 * will be (`change`, e.g. its new end), so the signature covers what it authorises.
 */
export async function checkShiftSignature(
  ctx: TContext,
  caller: TCaller,
  party: TPermitParty,
  permitId: string,
  input: { password?: string; declaration?: boolean; language?: "en" | "fr" },
  change: Partial<TPermit> = {},
) {
  const missing = signatureInputMissing(input);
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION_FAILED", "Sign with your password.", missing);
  const language = await authenticateSigner(ctx, caller, permitId, input);
  const permit = await readPermit(ctx.db, party, permitId);
  return { language, contentHash: contentHashOf({ ...permit, ...change }) };
}
