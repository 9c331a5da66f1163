/**
 * The settings of a permit's period of validity that the send gate applies: how long before now a window may
 * start (the enterprise's grace: a permit written at the start of a shift) and how long it may last (a work type's
 * maximum validity, one shift unless the enterprise allows longer).
 */
export const PERMIT_WINDOW_DEFAULTS = { startGraceMinutes: 15, maxValidityHours: 12 } as const;
export const PERMIT_WINDOW_LIMITS = { startGraceMinutesMax: 240, maxValidityHoursMax: 168 } as const;
