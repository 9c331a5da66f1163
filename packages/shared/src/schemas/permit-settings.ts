import { z } from "zod";
import { SHIFT_LENGTH_HOURS } from "../permits/shift";
import { ESCALATION_DEFAULTS, ESCALATION_LIMITS } from "../permits/validity";
import { V } from "../validation";
import { PERMITS_PER_WORKER } from "./crew";
import { PERMIT_WINDOW_DEFAULTS, PERMIT_WINDOW_LIMITS } from "./permit-window";

/** The limits of each setting, for the server's checks and the form's fields. */
export const PERMIT_SETTINGS_RANGES = {
  startGraceMinutes: { min: 0, max: PERMIT_WINDOW_LIMITS.startGraceMinutesMax },
  overdueEscalationGraceMinutes: { min: 0, max: ESCALATION_LIMITS.overdueGraceMinutesMax },
  waitingEscalationDelayMinutes: {
    min: ESCALATION_LIMITS.waitingDelayMinutesMin,
    max: ESCALATION_LIMITS.waitingDelayMinutesMax,
  },
  permitsPerWorker: { min: PERMITS_PER_WORKER.min, max: PERMITS_PER_WORKER.max },
} as const;

export const PERMIT_SETTINGS_DEFAULTS = {
  startGraceMinutes: PERMIT_WINDOW_DEFAULTS.startGraceMinutes,
  overdueEscalationGraceMinutes: ESCALATION_DEFAULTS.overdueGraceMinutes,
  waitingEscalationDelayMinutes: ESCALATION_DEFAULTS.waitingDelayMinutes,
  permitsPerWorker: PERMITS_PER_WORKER.default,
} as const;

const minutes = ({ min, max }: { min: number; max: number }) =>
  z.number({ error: V.invalidNumberFormat }).int(V.invalidNumberFormat).min(min, V.outOfRange).max(max, V.outOfRange);

/**
 * The enterprise's permit validity settings, in minutes: how long before a window's start a permit may be sent
 * and started (start grace), how long overdue work runs before the division's SuperResponsibles and the
 * Enterprise are told (overdue escalation grace), how long a permit may wait on the principal's side before they
 * are told (waiting escalation delay); how many live permits (accepted or in progress) a worker may be signed on
 * to at once (permits per worker, default one).
 * GET /api/enterprise/permit-settings (Enterprise) → `{ data: TPermitSettings }`;
 * PUT the same with every field → the same (400 VALIDATION_FAILED naming each field out of its range).
 */
export const ZPermitSettingsSchema = z.object({
  startGraceMinutes: minutes(PERMIT_SETTINGS_RANGES.startGraceMinutes),
  overdueEscalationGraceMinutes: minutes(PERMIT_SETTINGS_RANGES.overdueEscalationGraceMinutes),
  waitingEscalationDelayMinutes: minutes(PERMIT_SETTINGS_RANGES.waitingEscalationDelayMinutes),
  // Optional in a PUT (kept as it is when left out: clients older than the crew send three fields).
  permitsPerWorker: minutes(PERMIT_SETTINGS_RANGES.permitsPerWorker).optional(),
  // The shift length in hours (null: off): work in progress longer than a shift without a recorded handover is
  // flagged "handover due". Optional in a PUT (kept as it is when left out).
  shiftLengthHours: minutes(SHIFT_LENGTH_HOURS).nullable().optional(),
});
export type TPermitSettings = z.infer<typeof ZPermitSettingsSchema>;
