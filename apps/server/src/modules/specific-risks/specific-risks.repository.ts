import { eq, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { files, specificRisks } from "../../db/schema";

const logogram = {
  id: files.id,
  contentType: files.contentType,
  width: files.width,
  height: files.height,
  at: files.createdAt,
};

/** Specific risks with their logogram's file, as a query the caller may still order and page. */
export const selectSpecificRisks = (db: TDb, where: SQL) =>
  db
    .select({ risk: specificRisks, logogram })
    .from(specificRisks)
    .leftJoin(files, eq(files.id, specificRisks.logogramFileId))
    .where(where);

export type TSpecificRiskRow = Awaited<ReturnType<typeof selectSpecificRisks>>[number];
