import type { FastifyPluginAsync } from "fastify";
import type { TContext } from "../../context";
import { COMPLIANCE_REMINDERS_QUEUE, runComplianceReminders } from "./reminders.service";

/**
 * Expiry reminders every hour once the server is ready: pg-boss keeps the schedule in the database (it survives a
 * restart) and runs one instance's job per tick; a run that finds nothing due costs one query. Hourly rather than
 * daily so a day when the server was down at the hour is still covered; the reminders table keeps each one once.
 * Not in tests: they drive runComplianceReminders with a chosen `now`.
 */
export const complianceRemindersPlugin: FastifyPluginAsync<{ ctx: TContext }> = async (app, { ctx }) => {
  if (ctx.config.env === "test") return;
  app.addHook("onReady", async () => {
    await ctx.jobs.every(COMPLIANCE_REMINDERS_QUEUE, "7 * * * *", async () => {
      await runComplianceReminders(ctx, new Date());
    });
  });
};
