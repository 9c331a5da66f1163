import { z } from "zod";
import { GAS_RETEST_MINUTES } from "../permits/gas-tests";
import { V } from "../validation";
import { requiredText, ZIdSchema } from "./common";
import { ZDayInRangeSchema } from "./dates";

/**
 * Gas tests (docs/safety.md, "The atmosphere is tested before and during the work"): the enterprise's gases with
 * their limits, and the tests recorded on a permit, each reading judged by the server against the limits of the
 * moment (kept with the test: a later change of a limit does not rewrite it).
 */

const ZLimit = z
  .number({ error: V.invalidNumberFormat })
  .min(-1_000_000, V.outOfRange)
  .max(1_000_000, V.outOfRange)
  .nullable();

/**
 * POST /api/gases, PUT /api/gases/:id (the Enterprise): a gas and its limits, at least one of them; the low one
 * under the high one. `enabled: false` takes it off new tests (a gas used by a test is disabled, never deleted:
 * DELETE /api/gases/:id → 204, or 409 GAS_IN_USE).
 */
export const ZGasInputSchema = z
  .object({
    name: requiredText(V.nameRequired, 50),
    unit: requiredText(V.unitRequired, 50),
    lowLimit: ZLimit.default(null),
    highLimit: ZLimit.default(null),
    enabled: z.boolean({ error: V.invalidValue }).default(true),
  })
  .refine((g) => g.lowLimit !== null || g.highLimit !== null, { message: V.gasLimitRequired, path: ["lowLimit"] })
  .refine((g) => g.lowLimit === null || g.highLimit === null || g.lowLimit < g.highLimit, {
    message: V.gasLimitsOrder,
    path: ["highLimit"],
  });
export type TGasInput = z.input<typeof ZGasInputSchema>;

/** GET /api/gases (the Enterprise) → `{ data: TGas[] }`, in their order (the defaults first). */
export const ZGasSchema = z.object({
  id: z.string(),
  name: z.string(),
  unit: z.string(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  enabled: z.boolean(),
  /** Read by a test: it may be disabled, not deleted. */
  used: z.boolean(),
});
export type TGas = z.infer<typeof ZGasSchema>;

/** A work type's gas-test fields (in ZWorkTypeInputSchema). */
export const ZGasRetestMinutesSchema = z
  .number({ error: V.invalidNumberFormat })
  .int(V.invalidNumberFormat)
  .min(GAS_RETEST_MINUTES.min, V.outOfRange)
  .max(GAS_RETEST_MINUTES.max, V.outOfRange);

/**
 * POST /api/permits/:id/gas-tests (the holder's side or a manager of the sector, on an Approved, accepted or in-progress
 * permit whose work type requires a test, not closed out) → 201 `{ data: TPermitGasTests }`. One reading per enabled
 * gas (400 `readings` otherwise); the instrument's id and calibration date (400 `calibratedOn`: `calibrationInFuture`,
 * `calibrationExpired`). Who and when are the caller and the server's clock. A failing test of an in-progress
 * permit suspends it in the same transaction.
 */
export const ZGasTestInputSchema = z.object({
  instrumentId: requiredText(V.instrumentRequired, 50),
  calibratedOn: ZDayInRangeSchema(V.calibrationRequired),
  readings: z
    .array(
      z.object({
        gasId: ZIdSchema,
        value: z.number({ error: V.readingRequired }).min(-1_000_000, V.outOfRange).max(1_000_000, V.outOfRange),
      }),
      { error: V.readingsIncomplete },
    )
    .min(1, V.readingsIncomplete)
    .max(50, V.tooManyItems),
});
export type TGasTestInput = z.infer<typeof ZGasTestInputSchema>;

/** One reading as the server judged it, with the limits it was judged against. */
export const ZGasReadingSchema = z.object({
  gasId: z.string(),
  name: z.string(),
  unit: z.string(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  value: z.number(),
  passed: z.boolean(),
});
export type TGasReading = z.infer<typeof ZGasReadingSchema>;

export const ZGasTestSchema = z.object({
  id: z.string(),
  testedAt: z.iso.datetime(),
  testedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  instrumentId: z.string(),
  calibratedOn: z.string(),
  passed: z.boolean(),
  readings: z.array(ZGasReadingSchema),
});
export type TGasTest = z.infer<typeof ZGasTestSchema>;

/**
 * GET /api/permits/:id/gas-tests (whoever sees the permit) → `{ data: TPermitGasTests }`: the tests, newest first,
 * the enterprise's enabled gases as a new test reads them, and whether the caller may record one now.
 */
export const ZPermitGasTestsSchema = z.object({
  tests: z.array(ZGasTestSchema),
  gases: z.array(ZGasSchema.omit({ used: true, enabled: true })),
  canRecord: z.boolean(),
});
export type TPermitGasTests = z.infer<typeof ZPermitGasTestsSchema>;

/**
 * A permit's gas-test state (on TPermit; null when its work type requires none): the latest test, when the next is
 * due (its time plus the work type's interval), and overdue (in progress, not suspended nor closed out, and the latest
 * test no longer holds: a re-test is due).
 */
export const ZPermitGasTestStateSchema = z
  .object({
    retestMinutes: z.number().int(),
    last: z.object({ at: z.iso.datetime(), passed: z.boolean() }).nullable(),
    dueAt: z.iso.datetime().nullable(),
    overdue: z.boolean(),
  })
  .nullable();
export type TPermitGasTestState = z.infer<typeof ZPermitGasTestStateSchema>;
