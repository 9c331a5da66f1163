import { type TLink, type TLinkInput, V } from "@openpermit/shared";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { links } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { containing } from "../../lib/like-pattern";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import type { TCaller } from "../../plugins/auth";

type TLinkRow = typeof links.$inferSelect;

export const toLink = (link: TLinkRow): TLink => ({
  id: link.id,
  title: link.title,
  url: link.url,
  tag: link.tag,
  createdAt: link.createdAt.toISOString(),
});

const ofEnterprise = (enterpriseId: string, id: string) => and(eq(links.enterpriseId, enterpriseId), eq(links.id, id));

export async function listLinks(
  ctx: TContext,
  caller: TCaller,
  query: { q?: string | undefined; tag?: string | undefined; page: number; pageSize: number },
) {
  const scope = await riskScope(ctx, caller);
  const filters: (SQL | undefined)[] = [eq(links.enterpriseId, scope.enterpriseId)];
  if (query.tag) filters.push(sql`lower(${links.tag}) = lower(${query.tag})`);
  if (query.q) filters.push(or(ilike(links.title, containing(query.q)), ilike(links.tag, containing(query.q))));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(links)
      .where(where)
      .orderBy(asc(sql`lower(${links.title})`), asc(links.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(links).where(where),
  ]);
  return pageOf(rows.map(toLink), query, total?.n ?? 0);
}

export async function createLink(ctx: TContext, caller: TCaller, input: TLinkInput): Promise<TLink> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const [created] = await ctx.db
    .insert(links)
    .values({ ...input, enterpriseId: scope.enterpriseId })
    .returning();
  ctx.log.info({ event: "link-created", id: created!.id, by: scope.userId }, "link created");
  return toLink(created!);
}

export async function updateLink(ctx: TContext, caller: TCaller, id: string, input: Partial<TLinkInput>) {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [updated] = await ctx.db
    .update(links)
    .set({ ...changes, updatedAt: new Date() })
    .where(ofEnterprise(scope.enterpriseId, id))
    .returning();
  if (!updated) throw notFound("link");
  return toLink(updated);
}

/** Deletes a link; the specific risks it was attached to lose it. */
export async function deleteLink(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  const deleted = await ctx.db.delete(links).where(ofEnterprise(scope.enterpriseId, id)).returning({ id: links.id });
  if (deleted.length === 0) throw notFound("link");
  ctx.log.info({ event: "link-deleted", id, by: scope.userId }, "link deleted");
}

/** Refuses (400 `linkIds: invalidValue`) ids that are not links of the enterprise. */
export async function assertLinksOf(db: TDb, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return;
  const [found] = await db
    .select({ n: count() })
    .from(links)
    .where(and(eq(links.enterpriseId, enterpriseId), inArray(links.id, ids)));
  if ((found?.n ?? 0) !== ids.length) {
    throw new AppError("VALIDATION_FAILED", "Some links do not exist.", { linkIds: V.invalidValue });
  }
}
