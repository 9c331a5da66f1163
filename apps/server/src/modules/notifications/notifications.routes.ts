import {
  POLICIES,
  ZDataSchema,
  ZIdParamsSchema,
  ZNotificationListQuerySchema,
  ZNotificationSchema,
  ZPageSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.service";

const tags = ["notifications"];
const ZCountSchema = z.object({ count: z.number().int() });

/** The caller's own notifications: everyone signed in has some; nobody reads another's (404). */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  app.get(
    "/notifications",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "The caller's notifications, newest first (only the unread ones with unread=true)",
        querystring: ZNotificationListQuerySchema,
        response: { 200: ZPageSchema(ZNotificationSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => listNotifications(ctx.db, callerOf(request).id, request.query),
  );

  app.get(
    "/notifications/unread-count",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: ZDataSchema(ZCountSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: { count: await unreadCount(ctx.db, callerOf(request).id) } }),
  );

  app.post(
    "/notifications/read-all",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Mark all of the caller's notifications read; says how many were unread",
        response: { 200: ZDataSchema(ZCountSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: { count: await markAllRead(ctx.db, callerOf(request).id) } }),
  );

  app.post(
    "/notifications/:id/read",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read",
        params: ZIdParamsSchema,
        response: { 200: ZDataSchema(ZNotificationSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await markRead(ctx.db, callerOf(request).id, request.params.id) }),
  );
};
