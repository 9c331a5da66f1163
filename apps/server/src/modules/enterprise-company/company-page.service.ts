import { LOGO_TYPES, type TCompanyPage, type TLink, type ZCompanyPageInputSchema } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { organisationScope, readScope, requireEnterprise, type TOrgScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { enterprises } from "../../db/schema";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { toIcon } from "../epis/epis.service";
import { removeImage, replaceImage } from "../files/files.service";
import { toLink } from "../links/links.service";
import {
  findCompanyLogo,
  findCompanyPage,
  pageOfLinks,
  swapLogo,
  type TCompanyPageRow,
} from "./company-page.repository";

/** The logo's URL carries the file's id: a new upload is a new URL, so browsers may cache each one. */
export const companyLogoUrl = (enterpriseId: string, fileId: string) =>
  `/api/enterprises/${enterpriseId}/company/logo?v=${fileId}`;

function toCompanyPage({ enterprise, logo }: TCompanyPageRow): TCompanyPage {
  return {
    id: enterprise.id,
    name: enterprise.name,
    email: enterprise.email,
    phone: enterprise.phone,
    address: enterprise.address,
    website: enterprise.website,
    logo: logo ? toIcon(companyLogoUrl(enterprise.id, logo.id), logo) : null,
    serviceDescription: enterprise.serviceDescription,
    itinerary: enterprise.itinerary,
    youtubeUrls: enterprise.youtubeUrls,
    businessHours: enterprise.businessHours,
    socialLinks: enterprise.socialLinks,
    updatedAt: enterprise.updatedAt.toISOString(),
  };
}

async function load(ctx: TContext, enterpriseId: string): Promise<TCompanyPage> {
  const row = await findCompanyPage(ctx.db, enterpriseId);
  if (!row) throw notFound("enterprise");
  return toCompanyPage(row);
}

/** Only the Enterprise account edits its page; its managers read it (403 on a write). */
async function editorScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  const scope = await organisationScope(ctx, caller);
  requireEnterprise(scope, "Only the enterprise edits its company page.");
  return scope;
}

/** The caller's own enterprise's page (the Enterprise and its managers). */
export async function getOwnCompanyPage(ctx: TContext, caller: TCaller): Promise<TCompanyPage> {
  const scope = await organisationScope(ctx, caller);
  return load(ctx, scope.enterpriseId);
}

/**
 * An enterprise's page as its readers see it: its own staff, or a contractor whose company is affiliated with
 * it now (404 COMPANY_NOT_LISTED otherwise, whether the enterprise exists or not).
 */
export async function readCompanyPage(ctx: TContext, caller: TCaller, enterpriseId: string): Promise<TCompanyPage> {
  const scope = await readScope(ctx, caller, enterpriseId);
  return load(ctx, scope.enterpriseId);
}

export async function readCompanyLinks(
  ctx: TContext,
  caller: TCaller,
  enterpriseId: string,
  query: { page: number; pageSize: number },
): Promise<{ data: TLink[]; page: number; pageSize: number; total: number }> {
  const scope = await readScope(ctx, caller, enterpriseId);
  const { rows, total } = await pageOfLinks(ctx.db, scope.enterpriseId, query.page, query.pageSize);
  return pageOf(rows.map(toLink), query, total);
}

export async function openCompanyLogo(ctx: TContext, caller: TCaller, enterpriseId: string) {
  const scope = await readScope(ctx, caller, enterpriseId);
  const file = await findCompanyLogo(ctx.db, scope.enterpriseId);
  if (!file) throw notFound("logo");
  return file;
}

/** Replaces the whole page (the logo apart); the input is already checked by ZCompanyPageInputSchema. */
export async function updateCompanyPage(
  ctx: TContext,
  caller: TCaller,
  input: z.output<typeof ZCompanyPageInputSchema>,
): Promise<TCompanyPage> {
  const scope = await editorScope(ctx, caller);
  await ctx.db
    .update(enterprises)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(enterprises.id, scope.enterpriseId));
  ctx.log.info({ event: "company-page-updated", id: scope.enterpriseId, by: scope.userId }, "company page updated");
  return load(ctx, scope.enterpriseId);
}

export async function replaceCompanyLogo(
  ctx: TContext,
  caller: TCaller,
  receive: () => Promise<TUpload>,
): Promise<TCompanyPage> {
  const scope = await editorScope(ctx, caller);
  // Who may upload is settled before a byte of the file is read.
  const upload = await receive();
  const image = await replaceImage(ctx, upload, {
    accepted: LOGO_TYPES,
    field: "logo",
    createdBy: scope.userId,
    what: "enterprise",
    attach: (tx, fileId) => swapLogo(tx, scope.enterpriseId, fileId),
  });
  ctx.log.info(
    { event: "company-logo", id: scope.enterpriseId, by: scope.userId, ...image, bytes: upload.data.length },
    "company logo replaced",
  );
  return load(ctx, scope.enterpriseId);
}

/** Takes the logo off; a page without one is answered as it is. */
export async function removeCompanyLogo(ctx: TContext, caller: TCaller): Promise<TCompanyPage> {
  const scope = await editorScope(ctx, caller);
  await removeImage(ctx, "enterprise", (tx) => swapLogo(tx, scope.enterpriseId, null));
  ctx.log.info({ event: "company-logo-removed", id: scope.enterpriseId, by: scope.userId }, "company logo removed");
  return load(ctx, scope.enterpriseId);
}
