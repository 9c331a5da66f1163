import { GAS_CALIBRATION_VALIDITY_DAYS, readingPasses, type TGas, type TGasTestInput, V } from "@openpermit/shared";
import { AppError } from "../../lib/app-error";

/** The latest time zone is UTC+14: a tester's "today" is never later than this day in UTC. */
const AHEAD_OF_UTC_MS = 14 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Refuses an instrument calibrated after today (400 `calibratedOn: calibrationInFuture`) or longer ago than a
 * calibration holds (GAS_CALIBRATION_VALIDITY_DAYS: `calibrationExpired`). "Today" is the tester's: any zone's.
 */
export function checkCalibration(calibratedOn: string, now: Date): void {
  const latestToday = new Date(now.getTime() + AHEAD_OF_UTC_MS).toISOString().slice(0, 10);
  if (calibratedOn > latestToday) {
    throw new AppError("VALIDATION_FAILED", "The instrument's calibration date is in the future.", {
      calibratedOn: V.calibrationInFuture,
    });
  }
  const oldest = new Date(now.getTime() - GAS_CALIBRATION_VALIDITY_DAYS * DAY_MS).toISOString().slice(0, 10);
  if (calibratedOn < oldest) {
    throw new AppError("VALIDATION_FAILED", "The instrument's calibration has expired.", {
      calibratedOn: V.calibrationExpired,
    });
  }
}

const limitText = (gas: Pick<TGas, "lowLimit" | "highLimit" | "unit">) => {
  const parts = [
    gas.lowLimit !== null ? `≥ ${gas.lowLimit}` : null,
    gas.highLimit !== null ? `< ${gas.highLimit}` : null,
  ].filter(Boolean);
  return `${parts.join(" and ")} ${gas.unit}`;
};

/**
 * Judges one reading per enabled gas against its limits now (readingPasses). Every enabled gas read once, nothing
 * else (400 `readings: readingsIncomplete`). Each reading keeps the gas's name, unit and limits as they are now.
 */
export function judgeReadings(enabled: Omit<TGas, "used" | "enabled">[], readings: TGasTestInput["readings"]) {
  const byGas = new Map(readings.map((r) => [r.gasId, r.value]));
  if (byGas.size !== readings.length || byGas.size !== enabled.length || enabled.some((g) => !byGas.has(g.id))) {
    throw new AppError("VALIDATION_FAILED", "Read each of the enterprise's gases once.", {
      readings: V.readingsIncomplete,
    });
  }
  return enabled.map((gas, position) => {
    const value = byGas.get(gas.id)!;
    return {
      gasId: gas.id,
      position,
      name: gas.name,
      unit: gas.unit,
      lowLimit: gas.lowLimit,
      highLimit: gas.highLimit,
      value,
      passed: readingPasses(value, gas),
    };
  });
}

/** The words of a failing test, for the history and the suspension's reason: which gas read what against which limit. */
export function failureText(readings: ReturnType<typeof judgeReadings>): string {
  const failing = readings
    .filter((r) => !r.passed)
    .map((r) => `${r.name} read ${r.value} ${r.unit} (limit ${limitText(r)})`);
  return `Gas test failed: ${failing.join("; ")}`.slice(0, 500);
}
