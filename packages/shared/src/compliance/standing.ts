/**
 * Contractor compliance (docs/safety.md, "Contractor compliance"): what an enterprise requires of its contractors
 * and of the people on a crew, the evidence that meets a requirement, and where one stands today. Pure: the server
 * decides with these rules (modules/compliance), the web app only shows the server's answer.
 */

/**
 * What a requirement asks for:
 * - `document`: a company document of the contractor (insurance, a safety certificate), uploaded by the supplier;
 * - `competence`: a person's qualification (hot-work training, confined-space entry), uploaded with its certificate;
 * - `induction`: the enterprise's own site induction, recorded by the principal's staff (no upload, no review).
 */
export const COMPLIANCE_KINDS = ["document", "competence", "induction"] as const;
export type TComplianceKind = (typeof COMPLIANCE_KINDS)[number];

/** The requirement is about a person (a worker on a crew), not the company. */
export const isWorkerKind = (kind: TComplianceKind) => kind !== "document";

/** A piece of evidence waits for review, was accepted (counts while in its dates) or refused with a reason. */
export const EVIDENCE_STATUSES = ["pending", "accepted", "refused"] as const;
export type TEvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/**
 * How a work type needs a worker requirement: every crew member holds it (hot work → hot-work training), or at
 * least one of them does (confined space → a trained attendant).
 */
export const CREW_RULES = ["every_worker", "one_worker"] as const;
export type TCrewRule = (typeof CREW_RULES)[number];

/**
 * Where one requirement stands for one company or person today, best first:
 * valid (accepted and in its dates), expiring (valid, but its last day is within the warning window), then what
 * is wrong: pending (only evidence not reviewed yet), expired (the last accepted one ended), refused (the last one
 * was refused), missing (nothing given). Only `valid` and `expiring` meet the requirement.
 */
export const STANDINGS = ["valid", "expiring", "pending", "expired", "refused", "missing"] as const;
export type TStanding = (typeof STANDINGS)[number];

export const meetsRequirement = (standing: TStanding) => standing === "valid" || standing === "expiring";

/** How long a valid item may last, and the enterprise's reminder days (before the last valid day). */
export const VALIDITY_DAYS = { min: 1, max: 3650 } as const;
export const REMINDER_DAYS = { min: 1, max: 180, defaults: [30, 7] } as const;

/** One piece of evidence as the standing rules read it (dates as `YYYY-MM-DD`, the last day included). */
export interface TEvidenceDates {
  status: TEvidenceStatus;
  validFrom: string;
  /** Null: does not expire. */
  validUntil: string | null;
  /** When it was given (ISO): the latest refusal or acceptance is the one that speaks. */
  submittedAt: string;
}

/**
 * "Today" as two dates (`YYYY-MM-DD`): a site may be anywhere, and the enterprise states no time zone, so the rules
 * are on the safe side of every zone (docs/decisions.md, "Compliance dates"): an item counts from its first day only
 * once that day has begun everywhere (`latest`, UTC−12), and stops counting once its last day has ended somewhere
 * (`earliest`, UTC+14).
 */
export interface TComplianceToday {
  /** The date in the last time zone to reach it (UTC−12). */
  latest: string;
  /** The date in the first time zone to reach it (UTC+14). */
  earliest: string;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const HOUR = 3_600_000;

/** Today, for the rules above, at `now`. */
export function complianceToday(now: Date): TComplianceToday {
  return { latest: isoDate(now.getTime() - 12 * HOUR), earliest: isoDate(now.getTime() + 14 * HOUR) };
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`), negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR));
}

/** The evidence counts today: accepted, begun everywhere, not ended anywhere. */
export function countsToday(e: TEvidenceDates, today: TComplianceToday): boolean {
  return (
    e.status === "accepted" && e.validFrom <= today.latest && (e.validUntil === null || e.validUntil >= today.earliest)
  );
}

export interface TStandingOf {
  standing: TStanding;
  /** The last valid day of the evidence that meets it (null: it does not expire, or nothing meets it). */
  validUntil: string | null;
}

/**
 * Where a requirement stands, from all the evidence given for it by one company or person. `warningDays`: a valid
 * item whose last day is that close (or closer) is `expiring` — the enterprise's first reminder.
 */
export function standingOf(evidence: TEvidenceDates[], today: TComplianceToday, warningDays: number): TStandingOf {
  const counting = evidence.filter((e) => countsToday(e, today));
  if (counting.length > 0) {
    // The one lasting longest speaks (a renewed certificate given before the old one ends).
    const until = counting.some((e) => e.validUntil === null)
      ? null
      : counting.map((e) => e.validUntil as string).sort()[counting.length - 1]!;
    const expiring = until !== null && daysBetween(today.earliest, until) <= warningDays;
    return { standing: expiring ? "expiring" : "valid", validUntil: until };
  }
  if (evidence.some((e) => e.status === "pending")) return { standing: "pending", validUntil: null };
  const reviewed = evidence
    .filter((e) => e.status !== "pending")
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
  const last = reviewed.at(-1);
  if (!last) return { standing: "missing", validUntil: null };
  // An accepted item that no longer counts has ended (or has not begun yet: not met either, said as pending).
  if (last.status === "accepted") {
    return { standing: last.validFrom > today.latest ? "pending" : "expired", validUntil: last.validUntil };
  }
  return { standing: "refused", validUntil: null };
}
