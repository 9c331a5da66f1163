import {
  holderOf,
  LIVE_PERMIT_STATUSES,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
} from "./workflow";

/**
 * Gas tests (docs/safety.md, "The atmosphere is tested before and during the work"): the enterprise's gases and
 * their limits, and the server's judgement of a reading against them. One pure rule for the server (which judges)
 * and the web app (which only shows what the server judged).
 */

/** The gases every enterprise starts with (the HSE's usual limits: docs/safety.md, "The atmosphere is tested"). */
export const DEFAULT_GASES = [
  { name: "O₂", unit: "%", lowLimit: 19.5, highLimit: 23.5 },
  { name: "Flammables", unit: "% LEL", lowLimit: null, highLimit: 10 },
  { name: "H₂S", unit: "ppm", lowLimit: null, highLimit: 5 },
  { name: "CO", unit: "ppm", lowLimit: null, highLimit: 25 },
] as const;

/** A work type's re-test interval (minutes): 2 h by default, from 15 minutes to one day. */
export const GAS_RETEST_MINUTES = { default: 120, min: 15, max: 1440 } as const;

/** How long an instrument's calibration holds (days): an older one is refused, as is one dated in the future. */
export const GAS_CALIBRATION_VALIDITY_DAYS = 183;

export interface TGasLimits {
  lowLimit: number | null;
  highLimit: number | null;
}

/**
 * Whether a reading passes its gas's limits. The low limit is the lowest acceptable reading (O₂ 19.5 % passes,
 * 19.4 % fails); the high limit is the first failing one, as the limits are written "< 10 % LEL", "< 5 ppm"
 * (10 % LEL fails; O₂ 23.5 % fails too, the safe side). docs/decisions.md, "A reading at the high limit fails".
 */
export function readingPasses(value: number, limits: TGasLimits): boolean {
  if (limits.lowLimit !== null && value < limits.lowLimit) return false;
  if (limits.highLimit !== null && value >= limits.highLimit) return false;
  return true;
}

/** A test passes when every reading does. */
export const gasTestPasses = (readings: readonly { passed: boolean }[]) =>
  readings.length > 0 && readings.every((r) => r.passed);

/** The statuses a gas test is recorded in: authorised and not ended (held or suspended ones included). */
export const GAS_TEST_STATUSES: readonly TPermitStatus[] = LIVE_PERMIT_STATUSES;

/**
 * Who records a gas test: the permit holder's side (the contractor's gas tester) or a manager of the permit's
 * sector (a Verifier or Approver: the area authority), on a live permit not closed out — also while suspended, as
 * resuming needs a fresh passing test. docs/decisions.md, "Who tests the atmosphere".
 */
export function mayRecordGasTest(status: TPermitStatus, relation: TPermitRelation, state: TPermitState): boolean {
  return mayTestAtAll(relation) && GAS_TEST_STATUSES.includes(status) && !state.closedOut;
}
export const mayTestAtAll = (relation: TPermitRelation) =>
  holderOf(relation) || relation.isVerifier || relation.isApprover;

/** When the next test is due: the last one's time plus the interval; null before the first. */
export function gasTestDueAt(lastAt: Date | string | null, retestMinutes: number): Date | null {
  return lastAt === null ? null : new Date(new Date(lastAt).getTime() + retestMinutes * 60_000);
}

/** The latest test holds now: it passed and is no older than the interval. */
export function gasTestHolds(last: { at: Date | string; passed: boolean } | null, retestMinutes: number, now: Date) {
  return last?.passed === true && gasTestDueAt(last.at, retestMinutes)!.getTime() >= now.getTime();
}
