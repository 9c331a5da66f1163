import { POLICIES, ZDataSchema, ZStreamQuerySchema, ZStreamTicketSchema } from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { enterprises, suppliers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import type { StreamHub, TSiteScope } from "./stream-hub";
import type { StreamTickets } from "./stream-ticket";

const tags = ["notifications"];

/**
 * Whether the ticket's owner may still be told anything (an active account of a company not disabled), and if so
 * which changes on site: the principal's staff those of their enterprise, or of their division.
 */
async function listenerOf(ctx: TContext, userId: string): Promise<{ site: TSiteScope } | null> {
  const [row] = await ctx.db
    .select({
      role: users.role,
      enterpriseId: users.enterpriseId,
      divisionId: users.divisionId,
      status: users.status,
      companyStatus: sql<string | null>`coalesce(${enterprises.status}, ${suppliers.status})`,
    })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.status !== "active" || row.companyStatus === "disabled") return null;
  const principal = row.role === "Enterprise" || row.role === "SuperResponsible" || row.role === "Responsible";
  if (!principal || !row.enterpriseId) return { site: null };
  if (row.role !== "Enterprise" && !row.divisionId) return { site: null };
  return { site: { enterpriseId: row.enterpriseId, divisionId: row.role === "Enterprise" ? null : row.divisionId } };
}

/** The live stream of the caller's new notifications (Server-Sent Events), opened with a one-minute ticket. */
export const streamRoutes: FastifyPluginAsyncZod<{ ctx: TContext; hub: StreamHub; tickets: StreamTickets }> = async (
  app,
  { ctx, hub, tickets },
) => {
  app.post(
    "/notifications/stream-ticket",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "A one-minute ticket to open the notification stream (EventSource cannot send the bearer header)",
        response: { 200: ZDataSchema(ZStreamTicketSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: { ticket: await tickets.sign(callerOf(request).id) } }),
  );

  // Public as far as the bearer header goes: the ticket in the query is the credential (401 without a valid one).
  app.get(
    "/notifications/stream",
    {
      config: { access: POLICIES.public },
      // The request line carries the ticket (a credential for a minute): keep it out of the info-level access log.
      logLevel: "warn",
      schema: {
        tags,
        summary:
          "Server-Sent Events: `notification` with each new notification of the ticket's owner; `site` with the sector of each change on site the principal's staff see (the live site map)",
        querystring: ZStreamQuerySchema,
        response: {
          200: {
            description: "The stream of events, open until the client leaves",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      // Once: a ticket that opened a stream (here or on another instance) opens no other.
      const userId = await tickets.redeem(ctx.db, request.query.ticket);
      const listener = userId ? await listenerOf(ctx, userId) : null;
      if (!userId || !listener) {
        throw new AppError("UNAUTHENTICATED", "This stream ticket is not valid: ask for a new one.");
      }
      // Listening before answering: whatever is published once the client sees the stream open reaches it.
      await hub.listen();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform",
        connection: "keep-alive",
        "x-content-type-options": "nosniff",
        // Nginx and the like would otherwise buffer the stream.
        "x-accel-buffering": "no",
      });
      res.write(": connected\n\n");
      const remove = hub.add(userId, res, listener.site);
      request.raw.on("close", remove);
      res.on("close", remove);
      // A failed write (the client vanished) must not go unhandled; the stream just goes away.
      res.on("error", remove);
      // Gone already while we were getting ready: its close event will not come again.
      if (request.raw.destroyed || res.destroyed) remove();
    },
  );
};
