import { gasTestDueAt, gasTestHolds, type TPermitGasTestState, type TPermitStatus } from "@openpermit/shared";

/** A permit's gas-test rule, from its work type: null when it requires none. */
export type TGasTestRule = { retestMinutes: number } | null;

/**
 * What a permit shows of its gas tests (TPermit.gasTest): the latest, when the next is due, and whether a re-test is
 * overdue — in progress and working (not suspended, not closed out) while the latest test no longer holds.
 */
export function gasTestStateOf(
  rule: TGasTestRule,
  permit: {
    status: TPermitStatus;
    gasTestedAt: Date | null;
    gasTestPassed: boolean | null;
    suspendedAt: Date | null;
    closedOutAt: Date | null;
  },
  now: Date,
): TPermitGasTestState {
  if (!rule) return null;
  const last = permit.gasTestedAt ? { at: permit.gasTestedAt, passed: permit.gasTestPassed === true } : null;
  const working = permit.status === "In_progress" && !permit.suspendedAt && !permit.closedOutAt;
  return {
    retestMinutes: rule.retestMinutes,
    last: last ? { at: last.at.toISOString(), passed: last.passed } : null,
    dueAt: gasTestDueAt(last?.at ?? null, rule.retestMinutes)?.toISOString() ?? null,
    overdue: working && !gasTestHolds(last, rule.retestMinutes, now),
  };
}
