import { V } from "@openpermit/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { permits, workTypes } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * The gas-test gate of start and resume (docs/safety.md, "The atmosphere is tested before and during the work"): a
 * permit whose work type requires a gas test starts or resumes only while its latest test passed and is no older
 * than the work type's re-test interval. One rule for the API (`requireFreshGasTest`, in the action's transaction,
 * after its UPDATE holds the row a test also locks) and the scheduler (`gasTestHolds`, a condition on the row).
 */
export const gasTestHolds = (now: Date): SQL => sql`NOT EXISTS (SELECT 1 FROM ${workTypes} w
  WHERE w.id = ${permits.workTypeId} AND w.gas_test_required AND NOT (coalesce(${permits.gasTestPassed}, false)
    AND ${permits.gasTestedAt} >= ${now.toISOString()}::timestamptz - w.gas_retest_minutes * interval '1 minute'))`;

/** Refuses (409 GAS_TEST_REQUIRED, field `gasTest`) while the permit's gas test does not hold at `now`. */
export async function requireFreshGasTest(db: TDb, permitId: string, now: Date): Promise<void> {
  const [holds] = await db
    .select({ id: permits.id })
    .from(permits)
    .where(and(eq(permits.id, permitId), gasTestHolds(now)));
  if (holds) return;
  throw new AppError(
    "GAS_TEST_REQUIRED",
    "A passing gas test no older than the work type's re-test interval is needed first.",
    { gasTest: V.gasTestRequired },
  );
}
