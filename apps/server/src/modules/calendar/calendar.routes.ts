import {
  POLICIES,
  ZCalendarFeedSchema,
  ZDataSchema,
  ZPermitCalendarQuerySchema,
  ZPermitCalendarSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES, fileResponses } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { permitCalendar } from "./calendar.service";
import { deleteFeed, getFeed, readFeed, resetFeed } from "./calendar-feed.service";
import { FeedTokens } from "./feed-token";

/** What the feed sends, and what the document says it sends. */
const CALENDAR_TYPE = "text/calendar; charset=utf-8";

const access = POLICIES.permitParties;
const ZFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** The permits' calendar and each person's private iCal feed. Registered under /api. */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const tokens = new FeedTokens(ctx.codeKey);

  app.get(
    "/permits/calendar",
    {
      config: { access },
      schema: {
        tags: ["permits"],
        summary: "The caller's permits whose work period meets [from, to) (62 days at most), with the list's filters",
        querystring: ZPermitCalendarQuerySchema,
        response: { 200: ZDataSchema(ZPermitCalendarSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await permitCalendar(ctx, callerOf(request), request.query) }),
  );

  const feedSchema = (summary: string) => ({
    tags: ["calendar"],
    summary,
    response: { 200: ZDataSchema(ZCalendarFeedSchema), ...ERROR_RESPONSES },
  });

  app.get(
    "/calendar-feed",
    { config: { access }, schema: feedSchema("The caller's private calendar feed address (url null: none)") },
    async (request, reply) =>
      reply.header("Cache-Control", "private, no-store").send({ data: await getFeed(ctx, tokens, callerOf(request)) }),
  );

  app.post(
    "/calendar-feed",
    { config: { access }, schema: feedSchema("A new private feed address; the previous one stops working") },
    async (request, reply) =>
      reply
        .header("Cache-Control", "private, no-store")
        .send({ data: await resetFeed(ctx, tokens, callerOf(request)) }),
  );

  app.delete(
    "/calendar-feed",
    {
      config: { access },
      schema: {
        tags: ["calendar"],
        summary: "Turns the caller's feed off: its address stops working",
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await deleteFeed(ctx, callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/public/calendar/:token.ics",
    {
      // The address is the credential: calendar programs cannot sign in. Limited per address like the permit check.
      config: { access: POLICIES.public, rateLimit: { max: 30, timeWindow: "1 minute" } },
      // The request line carries the feed's secret: keep it out of the info-level access log.
      logLevel: "warn",
      schema: {
        tags: ["public"],
        summary: "A private calendar feed (iCalendar): the owner's permits from 30 days ago to 180 days ahead",
        params: ZFeedParamsSchema,
        response: fileResponses("The feed, in iCalendar", [CALENDAR_TYPE]),
      },
    },
    async (request, reply) => {
      const body = await readFeed(ctx, tokens, request.params.token, new Date());
      return reply
        .header("Content-Type", CALENDAR_TYPE)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", 'inline; filename="openpermit.ics"')
        .send(body);
    },
  );
};
