import { type TCalendarFeed, ZPermitCalendarFiltersSchema } from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import { permitPartyOf, type TPermitParty } from "../../access/permits";
import type { TContext } from "../../context";
import { calendarFeeds, enterprises, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { calendarEvents } from "./calendar.service";
import { feedIcs } from "./feed-ics";
import type { FeedTokens } from "./feed-token";

/** What a feed lists: a month back (what just happened) to six months ahead, at most 2000 permits. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 180;
export const FEED_MAX_EVENTS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A feed lists everything its owner sees in its period. */
const NO_FILTERS = ZPermitCalendarFiltersSchema.parse({});

export const feedUrl = (ctx: TContext, tokens: FeedTokens, feedId: string) =>
  `${ctx.config.publicUrl}/api/public/calendar/${tokens.sign(feedId)}.ics`;

const feedOf = (ctx: TContext, tokens: FeedTokens, row: { id: string; createdAt: Date } | undefined): TCalendarFeed =>
  row ? { url: feedUrl(ctx, tokens, row.id), createdAt: row.createdAt.toISOString() } : { url: null, createdAt: null };

/** The caller's feed address, if it has one. */
export async function getFeed(ctx: TContext, tokens: FeedTokens, caller: TCaller): Promise<TCalendarFeed> {
  const [row] = await ctx.db
    .select({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, caller.id));
  return feedOf(ctx, tokens, row);
}

/**
 * A new address for the caller: the feed gets a new id in the same statement (one row per person), so the old
 * address stops working at once and two requests at once leave one working address.
 */
export async function resetFeed(ctx: TContext, tokens: FeedTokens, caller: TCaller): Promise<TCalendarFeed> {
  // The caller must be a permit party whose company is open (the same checks as reading permits).
  await permitPartyOf(ctx, caller);
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: caller.id })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { id: sql`gen_random_uuid()`, createdAt: sql`now()`, lastReadAt: null },
    })
    .returning({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt });
  return feedOf(ctx, tokens, row);
}

/** Turns the caller's feed off (its address stops working); nothing to do when there is none. */
export async function deleteFeed(ctx: TContext, caller: TCaller): Promise<void> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, caller.id));
}

/** The owner of a live feed as a caller, or null when the person or its company may not read permits now. */
async function ownerOf(ctx: TContext, feedId: string): Promise<(TCaller & { party: TPermitParty }) | null> {
  const [owner] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      language: users.language,
      enterpriseId: users.enterpriseId,
      divisionId: users.divisionId,
      supplierId: users.supplierId,
      status: users.status,
      companyStatus: sql<string | null>`coalesce(${enterprises.status}, ${suppliers.status})`,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(eq(calendarFeeds.id, feedId));
  if (owner?.status !== "active" || owner.companyStatus === "disabled" || owner.role === "Admin") return null;
  const { status: _status, companyStatus: _company, ...caller } = owner;
  try {
    return { ...caller, party: await permitPartyOf(ctx, caller) };
  } catch (error) {
    // A company not active (or a person without a place in it) reads no permits: the feed is as good as gone.
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The feed's iCalendar text for a valid address; 404 for anything else (unknown, revoked, forged, owner closed). */
export async function readFeed(ctx: TContext, tokens: FeedTokens, token: string, now: Date): Promise<string> {
  const feedId = tokens.verify(token);
  const owner = feedId ? await ownerOf(ctx, feedId) : null;
  if (!feedId || !owner) throw notFound("calendar");
  const period = {
    from: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS),
    to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS),
  };
  const [{ events }] = await Promise.all([
    calendarEvents(ctx, owner.party, period, NO_FILTERS, FEED_MAX_EVENTS),
    ctx.db.update(calendarFeeds).set({ lastReadAt: now }).where(eq(calendarFeeds.id, feedId)),
  ]);
  return feedIcs(owner, events, ctx.config.publicUrl);
}
