import type { FastifyPluginAsync } from "fastify";
import type { TContext } from "../../context";
import { schedulerNotices } from "../notifications";
import { runPermitScheduler, touchedBy } from "./permit-scheduler.service";

export { runPermitScheduler } from "./permit-scheduler.service";

export const PERMIT_SCHEDULER_QUEUE = "permits.scheduler";

/**
 * The permit scheduler, every minute once the server is ready: starts accepted permits at their start time,
 * reminds their people before it, warns of permits overrunning their end. Not in tests: they drive
 * runPermitScheduler with a chosen `now`, and a clock-driven run would move their permits under them.
 */
export const permitSchedulerPlugin: FastifyPluginAsync<{ ctx: TContext }> = async (app, { ctx }) => {
  if (ctx.config.env === "test") return;
  app.addHook("onReady", async () => {
    await ctx.jobs.every(PERMIT_SCHEDULER_QUEUE, "* * * * *", async () => {
      // The people concerned are told inside each step's transaction (a rolled-back step tells nobody).
      const run = await runPermitScheduler(ctx, new Date(), schedulerNotices(ctx));
      // E-mails the notices queued in the run's transactions go out now rather than at the next poll.
      if (touchedBy(run) > 0) ctx.jobs.wake();
    });
  });
};
