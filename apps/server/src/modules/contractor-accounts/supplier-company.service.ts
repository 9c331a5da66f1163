import { LOGO_TYPES, type TSupplierCompany, type ZSupplierCompanyUpdateSchema } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { requireSupplier, supplierScope } from "../../access/contractors";
import { logoVisibleTo } from "../../access/files";
import type { TContext } from "../../context";
import { suppliers } from "../../db/schema";
import { notFound } from "../../lib/not-found";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { toIcon } from "../epis/epis.service";
import { removeImage, replaceImage } from "../files/files.service";
import { findSupplierCompany, findVisibleLogo, type TSupplierCompanyRow } from "./supplier-company.repository";

/** The logo's URL carries the file's id: a new upload is a new URL, so browsers may cache each one. */
export const supplierLogoUrl = (supplierId: string, fileId: string) => `/api/suppliers/${supplierId}/logo?v=${fileId}`;

export function toSupplierCompany({ supplier, logo }: TSupplierCompanyRow): TSupplierCompany {
  return {
    id: supplier.id,
    name: supplier.name,
    email: supplier.email,
    phone: supplier.phone,
    address: supplier.address,
    website: supplier.website,
    logo: logo ? toIcon(supplierLogoUrl(supplier.id, logo.id), logo) : null,
    status: supplier.status,
    createdAt: supplier.createdAt.toISOString(),
  };
}

async function load(ctx: TContext, supplierId: string): Promise<TSupplierCompany> {
  const row = await findSupplierCompany(ctx.db, supplierId);
  if (!row) throw notFound("supplier");
  return toSupplierCompany(row);
}

/** The caller's own company: the supplier account and its employees read it. */
export async function getSupplierCompany(ctx: TContext, caller: TCaller): Promise<TSupplierCompany> {
  const scope = await supplierScope(ctx, caller);
  return load(ctx, scope.supplierId);
}

export async function updateSupplierCompany(
  ctx: TContext,
  caller: TCaller,
  input: z.output<typeof ZSupplierCompanyUpdateSchema>,
): Promise<TSupplierCompany> {
  const scope = await supplierScope(ctx, caller);
  requireSupplier(scope);
  // `null` clears an optional field, so only `undefined` means "not sent".
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await ctx.db
    .update(suppliers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(suppliers.id, scope.supplierId));
  ctx.log.info(
    { event: "supplier-company-updated", id: scope.supplierId, by: scope.userId, fields: Object.keys(changes) },
    "supplier company updated",
  );
  return load(ctx, scope.supplierId);
}

export async function replaceSupplierLogo(
  ctx: TContext,
  caller: TCaller,
  receive: () => Promise<TUpload>,
): Promise<TSupplierCompany> {
  const scope = await supplierScope(ctx, caller);
  requireSupplier(scope);
  // Who may upload is settled before a byte of the file is read.
  const upload = await receive();
  const image = await replaceImage(ctx, upload, {
    accepted: LOGO_TYPES,
    field: "logo",
    createdBy: scope.userId,
    what: "supplier",
    attach: async (tx, fileId) => {
      const [before] = await tx
        .select({ fileId: suppliers.logoFileId })
        .from(suppliers)
        .where(eq(suppliers.id, scope.supplierId))
        .for("update");
      if (!before) return undefined;
      await tx
        .update(suppliers)
        .set({ logoFileId: fileId, updatedAt: new Date() })
        .where(eq(suppliers.id, scope.supplierId));
      return before.fileId;
    },
  });
  ctx.log.info(
    { event: "supplier-logo", id: scope.supplierId, by: scope.userId, ...image, bytes: upload.data.length },
    "supplier logo replaced",
  );
  return load(ctx, scope.supplierId);
}

/** Takes the logo off; a company without one is answered as it is. */
export async function removeSupplierLogo(ctx: TContext, caller: TCaller): Promise<TSupplierCompany> {
  const scope = await supplierScope(ctx, caller);
  requireSupplier(scope);
  await removeImage(ctx, "supplier", async (tx) => {
    const [before] = await tx
      .select({ fileId: suppliers.logoFileId })
      .from(suppliers)
      .where(eq(suppliers.id, scope.supplierId))
      .for("update");
    if (!before) return undefined;
    if (before.fileId) {
      await tx
        .update(suppliers)
        .set({ logoFileId: null, updatedAt: new Date() })
        .where(eq(suppliers.id, scope.supplierId));
    }
    return before.fileId;
  });
  ctx.log.info({ event: "supplier-logo-removed", id: scope.supplierId, by: scope.userId }, "supplier logo removed");
  return load(ctx, scope.supplierId);
}

/** The logo's bytes, for those who may see them (404 for anyone else, and when there is none). */
export async function openSupplierLogo(ctx: TContext, caller: TCaller, supplierId: string) {
  const file = await findVisibleLogo(ctx.db, supplierId, await logoVisibleTo(ctx, caller));
  if (!file) throw notFound("supplier logo");
  return file;
}
