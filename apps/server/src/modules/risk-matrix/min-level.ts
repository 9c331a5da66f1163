import { V } from "@openpermit/shared";
import { and, eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { criticalityLevels } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * A risk's or specific risk's minimum level must be a level of the same enterprise's matrix (400 `minLevelId:
 * invalidValue` otherwise, as for any id it does not own). Null or absent: nothing to check.
 */
export async function checkMinLevel(db: TDb, enterpriseId: string, minLevelId: string | null | undefined) {
  if (!minLevelId) return;
  const [level] = await db
    .select({ id: criticalityLevels.id })
    .from(criticalityLevels)
    .where(and(eq(criticalityLevels.id, minLevelId), eq(criticalityLevels.enterpriseId, enterpriseId)));
  if (!level) {
    throw new AppError("VALIDATION_FAILED", "This level is not in the risk matrix.", { minLevelId: V.invalidValue });
  }
}
