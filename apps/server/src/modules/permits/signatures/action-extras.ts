import { actionInputMissing, isSignedAction, type TPermitAction, type TPermitActionInput } from "@openpermit/shared";
import { isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { TPermitParty } from "../../../access/permits";
import type { TContext } from "../../../context";
import type { TDb } from "../../../db/client";
import { permitSignatures, permits } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { TCaller } from "../../../plugins/auth";
import { readPermit } from "../permit-read";
import { contentHashOf } from "./content-hash";
import { storeSignature, voidSignatures } from "./records";
import { authenticateSigner } from "./signer";

/** What an action writes beyond its status: more columns, more conditions of its atomic UPDATE, more rows. */
export interface TActionExtras {
  set: Partial<typeof permits.$inferInsert>;
  guard?: SQL;
  /** Runs in the move's transaction, after the move. */
  write?: (tx: TDb) => Promise<void>;
}

const hasValidSignature = (kind: "verify") =>
  sql`EXISTS (SELECT 1 FROM ${permitSignatures} WHERE ${permitSignatures.permitId} = ${permits.id}
    AND ${permitSignatures.kind} = ${kind} AND ${permitSignatures.voidedAt} IS NULL)`;

/**
 * Checks what an action's body must carry (400 naming each field) and, for a signed action, the signer's
 * password (401 / 429, before any write); returns what the move's transaction writes with it: the signature over
 * the content as it is now (a signed permit's content cannot change while it is signed: edits need a recheck,
 * which moves the status and so defeats this move's conditional UPDATE), the close-out, the voiding at a resend.
 */
export async function actionExtras(
  ctx: TContext,
  caller: TCaller,
  party: TPermitParty,
  permitId: string,
  action: TPermitAction,
  input: TPermitActionInput,
  now: Date,
): Promise<TActionExtras> {
  const missing = actionInputMissing(action, input);
  if (Object.keys(missing).length > 0) {
    throw new AppError("VALIDATION_FAILED", "Some answers are missing.", missing);
  }
  if (isSignedAction(action)) {
    const language = await authenticateSigner(ctx, caller, permitId, input);
    const contentHash = contentHashOf(await readPermit(ctx.db, party, permitId));
    if (input.contentHash !== undefined && input.contentHash !== contentHash) {
      // Resent with other content since the signer's dialog opened: they would sign what they never read.
      throw new AppError("CONFLICT", "This permit changed since you read it: read it again before signing.");
    }
    const guard =
      action === "approve"
        ? hasValidSignature("verify")
        : action === "handBack"
          ? isNotNull(permits.closedOutAt)
          : undefined;
    return {
      set: {},
      guard,
      write: (tx) =>
        storeSignature(tx, { permitId, kind: action, signerId: party.userId, language, contentHash, at: now }),
    };
  }
  if (action === "end") {
    return {
      set: {
        closeOut: {
          workComplete: input.workComplete === true,
          remainingWork: input.workComplete ? "" : (input.remainingWork ?? "").trim(),
          areaSafe: input.areaSafe === true,
          toolsRemoved: input.toolsRemoved === true,
          peopleOut: input.peopleOut === true,
        },
        closedOutBy: party.userId,
        closedOutAt: now,
      },
      guard: isNull(permits.closedOutAt),
    };
  }
  if (action === "send") return { set: {}, write: (tx) => voidSignatures(tx, permitId, now) };
  return { set: {} };
}
