import { and, eq, type SQL } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { files, suppliers } from "../../db/schema";

/** The logo's facts that its answer shows (the bytes are served apart). */
export const logoColumns = {
  id: files.id,
  contentType: files.contentType,
  width: files.width,
  height: files.height,
  at: files.createdAt,
};

export async function findSupplierCompany(db: TDb, id: string) {
  const [row] = await db
    .select({ supplier: suppliers, logo: logoColumns })
    .from(suppliers)
    .leftJoin(files, eq(files.id, suppliers.logoFileId))
    .where(eq(suppliers.id, id))
    .limit(1);
  return row;
}

export type TSupplierCompanyRow = NonNullable<Awaited<ReturnType<typeof findSupplierCompany>>>;

/** The stored logo of a supplier, when `visible` (the caller's access, as SQL) lets the caller see it. */
export async function findVisibleLogo(db: TDb, supplierId: string, visible: SQL) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, byteSize: files.byteSize })
    .from(suppliers)
    .innerJoin(files, eq(files.id, suppliers.logoFileId))
    .where(and(eq(suppliers.id, supplierId), visible))
    .limit(1);
  return row;
}
