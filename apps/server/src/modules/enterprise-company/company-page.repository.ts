import { asc, count, eq, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { enterprises, files, links } from "../../db/schema";
import { logoColumns } from "../contractor-accounts/supplier-company.repository";

export async function findCompanyPage(db: TDb, enterpriseId: string) {
  const [row] = await db
    .select({ enterprise: enterprises, logo: logoColumns })
    .from(enterprises)
    .leftJoin(files, eq(files.id, enterprises.logoFileId))
    .where(eq(enterprises.id, enterpriseId))
    .limit(1);
  return row;
}

export type TCompanyPageRow = NonNullable<Awaited<ReturnType<typeof findCompanyPage>>>;

export async function findCompanyLogo(db: TDb, enterpriseId: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, byteSize: files.byteSize })
    .from(enterprises)
    .innerJoin(files, eq(files.id, enterprises.logoFileId))
    .where(eq(enterprises.id, enterpriseId))
    .limit(1);
  return row;
}

/** A page of the enterprise's useful links, by title (the order of the risk configuration's tab). */
export async function pageOfLinks(db: TDb, enterpriseId: string, page: number, pageSize: number) {
  const where = eq(links.enterpriseId, enterpriseId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(links)
      .where(where)
      .orderBy(asc(sql`lower(${links.title})`), asc(links.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(links).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Points the enterprise at a logo file (or none), answering the file it held before; undefined when it is gone. */
export async function swapLogo(tx: TDb, enterpriseId: string, fileId: string | null) {
  const [before] = await tx
    .select({ fileId: enterprises.logoFileId })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId))
    .for("update");
  if (!before) return undefined;
  if (before.fileId !== fileId) {
    await tx
      .update(enterprises)
      .set({ logoFileId: fileId, updatedAt: new Date() })
      .where(eq(enterprises.id, enterpriseId));
  }
  return before.fileId;
}
