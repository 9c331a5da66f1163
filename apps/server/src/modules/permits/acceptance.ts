import { ACCEPTANCE_DECLARATION, type TPermitActionInput, V } from "@openpermit/shared";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";

/**
 * The permit holder accepts the conditions only by declaring it (`declaration: true`, 400 naming `declaration`
 * otherwise). What is recorded with the acceptance: who, when, and the declaration's words in the holder's
 * language, the same words the web app showed (packages/shared ACCEPTANCE_DECLARATION).
 */
export function acceptanceOf(caller: TCaller, input: TPermitActionInput | null | undefined, now: Date) {
  if (input?.declaration !== true) {
    throw new AppError("VALIDATION_FAILED", "Declare that you have read the conditions.", {
      declaration: V.declarationRequired,
    });
  }
  return { acceptedBy: caller.id, acceptedAt: now, acceptanceDeclaration: ACCEPTANCE_DECLARATION[caller.language] };
}
