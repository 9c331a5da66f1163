import {
  mayRecordGasTest,
  mayTestAtAll,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
} from "@openpermit/shared";
import type { TContext } from "../context";
import type { AppError } from "../lib/app-error";
import type { TCaller } from "../plugins/auth";
import { organisationScope, requireEnterprise } from "./organisation";
import { forbidden } from "./refusal";

/**
 * Recording a gas test (mayRecordGasTest): the permit holder's side or a manager (Verifier, Approver) of its sector.
 * 409 when they may test, but not in this status (not yet approved, ended, closed out); 403 for everyone else who
 * sees the permit (the principal's editors oversee, they do not test: docs/decisions.md, "Who tests the atmosphere").
 */
export function requireGasTester(
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  movedMeanwhile: () => AppError,
): void {
  if (mayRecordGasTest(status, relation, state)) return;
  if (mayTestAtAll(relation)) throw movedMeanwhile();
  throw forbidden("Only the permit holder's side or a manager of its sector records a gas test.");
}

/** The enterprise whose gases the caller sets: its own Enterprise account only (others 403). */
export async function gasesOwner(ctx: TContext, caller: TCaller): Promise<{ enterpriseId: string; userId: string }> {
  const scope = await organisationScope(ctx, caller);
  requireEnterprise(scope, "Only the enterprise sets its gases and their limits.");
  return { enterpriseId: scope.enterpriseId, userId: scope.userId };
}
