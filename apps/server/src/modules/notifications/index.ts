import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TContext } from "../../context";
import { notificationRoutes } from "./notifications.routes";
import { preferencesRoutes } from "./preferences.routes";
import { streamRoutes } from "./stream.routes";
import { StreamHub } from "./stream-hub";
import { StreamTickets } from "./stream-ticket";

export { CALLS_CLOSED_BY_A_MOVE, markNoticesDone } from "./done";
export {
  notifyCrewAdded,
  notifyEmergencyLifted,
  notifyEmergencyStop,
  notifyPermitRerated,
  notifyPermitTransition,
  notifyShift,
  schedulerNotices,
} from "./notify.service";

/** Notifications: the caller's list, read marks, e-mail preferences, and the live stream. Under /api. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const hub = new StreamHub(ctx.pool, ctx.db, ctx.log);
  const tickets = new StreamTickets(ctx.codeKey);
  // Before the server waits for its connections to finish: open streams never finish by themselves.
  app.addHook("preClose", async () => hub.close());
  await app.register(notificationRoutes, { ctx });
  await app.register(preferencesRoutes, { ctx });
  await app.register(streamRoutes, { ctx, hub, tickets });
};
