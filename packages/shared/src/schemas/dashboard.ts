import { z } from "zod";
import { ZCompanyStatusSchema } from "./contractors";
import { ZDaySchema, ZTimeZoneSchema } from "./time-zone";

/**
 * The dashboards (the `default` page of every role). Each permit figure is the total of a
 * permit list the dashboard links to: `PERMIT_FIGURE_FILTERS` names that list's filters, so the figure and the
 * list it opens agree by construction (and a test proves it for each one).
 */

const count = z.number().int().min(0);

/** GET /api/dashboard?tz: `tz` is the reader's IANA zone ("today" is a day there), UTC when absent. */
export const ZDashboardQuerySchema = z.object({ tz: ZTimeZoneSchema.default("UTC") });
export type TDashboardQuery = z.input<typeof ZDashboardQuerySchema>;

export const PRINCIPAL_PERMIT_FIGURES = [
  "waitingForMe",
  "awaitingReview",
  "inProgress",
  "startingToday",
  "overdue",
  "recentRechecks",
] as const;
export const CONTRACTOR_PERMIT_FIGURES = ["drafts", "sent", "toAccept", "inProgress", "overdue", "rechecks"] as const;
export type TPrincipalPermitFigure = (typeof PRINCIPAL_PERMIT_FIGURES)[number];
export type TContractorPermitFigure = (typeof CONTRACTOR_PERMIT_FIGURES)[number];

/** Rechecks and rejections count as recent for this many days, today included. */
export const RECENT_DAYS = 7;

const figuresOf = <const T extends readonly string[]>(names: T) =>
  z.object(Object.fromEntries(names.map((name) => [name, count])) as { [K in T[number]]: typeof count });

/**
 * Enterprise, SuperResponsible, Responsible, each in its scope (the enterprise; its division and its own
 * permits): what waits for me (every action I may take that moves a permit on: verify, approve, accept my own
 * internal permit, accept a hand-back), what waits for anyone's review, in progress now,
 * starting today (approved or accepted, start today), overdue close-outs (in progress past the end), rechecks
 * and rejections of the last RECENT_DAYS days; plus the enterprise's affiliated contractors and credits left.
 */
export const ZPrincipalDashboardSchema = z.object({
  side: z.literal("principal"),
  /** Today in the reader's zone, and the first day that counts as recent. */
  today: ZDaySchema,
  recentSince: ZDaySchema,
  figures: figuresOf(PRINCIPAL_PERMIT_FIGURES).extend({ contractors: count, creditsRemaining: z.number().int() }),
});

/** Supplier (its company's permits) and Employee (its own): drafts, sent, to accept, in progress, overdue, rechecks. */
export const ZContractorDashboardSchema = z.object({
  side: z.literal("contractor"),
  today: ZDaySchema,
  figures: figuresOf(CONTRACTOR_PERMIT_FIGURES),
});

/** GET /api/dashboard?tz (the five non-admin roles) → `{ data: TDashboard }`. */
export const ZDashboardSchema = z.discriminatedUnion("side", [ZPrincipalDashboardSchema, ZContractorDashboardSchema]);
export type TDashboard = z.infer<typeof ZDashboardSchema>;
export type TPrincipalDashboard = z.infer<typeof ZPrincipalDashboardSchema>;
export type TContractorDashboard = z.infer<typeof ZContractorDashboardSchema>;

/** The days a figure's filters need. */
export interface TFigureDays {
  today: string;
  recentSince?: string;
}

/**
 * The GET /api/permits filters whose total each permit figure is (and the query string of the list it opens:
 * `filtred?…` for principal staff; for contractors `list-permis-saved` or `list-permis-sent` by `view`, with
 * `status`). `startDay` and `changedSince` are days in the zone sent as `tz`.
 */
export function permitFigureFilters(
  figure: TPrincipalPermitFigure | TContractorPermitFigure,
  side: TDashboard["side"],
  days: TFigureDays,
): Record<string, string> {
  if (side === "contractor") {
    const contractor: Record<TContractorPermitFigure, Record<string, string>> = {
      drafts: { view: "saved", status: "pending" },
      rechecks: { view: "saved", status: "Recheck" },
      sent: { view: "sent", status: "sended" },
      toAccept: { view: "sent", status: "Approved" },
      inProgress: { view: "sent", status: "In_progress" },
      // The holder's side answers for closing overdue work (docs/safety.md, Validity is enforced).
      overdue: { view: "sent", overdue: "true" },
    };
    return contractor[figure as TContractorPermitFigure];
  }
  const principal: Record<TPrincipalPermitFigure, Record<string, string>> = {
    waitingForMe: { view: "todo" },
    awaitingReview: { status: "sended,Confirmed" },
    inProgress: { status: "In_progress" },
    startingToday: { status: "Approved,accepted", startDay: days.today },
    overdue: { overdue: "true" },
    recentRechecks: { status: "Recheck,Failed", changedSince: days.recentSince ?? days.today },
  };
  return principal[figure as TPrincipalPermitFigure];
}

const byCompanyStatus = z.record(ZCompanyStatusSchema, count);

/**
 * GET /api/admin/dashboard (Admin) → `{ data: TAdminDashboard }`: enterprises and suppliers by status, the
 * demands waiting for the admin (enterprise accounts, credits), and permit credits sold (the sum of recorded
 * purchases) and used (the sum of first sends) over the whole platform.
 */
export const ZAdminDashboardSchema = z.object({
  enterprises: byCompanyStatus,
  suppliers: byCompanyStatus,
  pendingDemands: z.object({ enterpriseAccounts: count, credits: count }),
  credits: z.object({ sold: count, used: count }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboardSchema>;
