import { and, eq, isNull } from "drizzle-orm";
import type { TContext } from "../context";
import { enterprises } from "../db/schema";

const open = (from: string, to: string) => ({ closed: false, open: from, close: to });

/** The demo enterprise's company page, as contractors read it before they come on site. */
export const DEMO_COMPANY_PAGE = {
  serviceDescription:
    "Rhône Refinery processes crude oil into fuels and stores them for the region. Contractors work on the " +
    "crude distillation unit, the tank farm and the marine jetty, always under a permit to work.",
  itinerary:
    "From the A7, exit 6 (Feyzin), follow 'Raffinerie'. Report to the gatehouse at Gate B with your permit " +
    "number and ID; park in the contractors' car park, then follow the blue walkway to the control building.",
  // The sample video of YouTube's own player documentation.
  youtubeUrls: ["https://www.youtube.com/watch?v=M7lc1UVf-VE"],
  businessHours: [
    open("07:00", "18:00"),
    open("07:00", "18:00"),
    open("07:00", "18:00"),
    open("07:00", "18:00"),
    open("07:00", "17:00"),
    open("08:00", "12:00"),
    { closed: true, open: null, close: null },
  ],
  socialLinks: [{ network: "linkedin", url: "https://www.linkedin.com/company/rhone-refinery-demo" }],
};

/**
 * Fills the demo enterprise's company page unless it already has one (hours or a description): a second run,
 * or a page the demo user edited, changes nothing.
 */
export async function seedCompanyPage(ctx: TContext, enterpriseId: string): Promise<void> {
  await ctx.db
    .update(enterprises)
    .set({ ...DEMO_COMPANY_PAGE, updatedAt: new Date() })
    .where(
      and(eq(enterprises.id, enterpriseId), isNull(enterprises.businessHours), isNull(enterprises.serviceDescription)),
    );
}
