import { meetsRequirement, type TStanding } from "./standing";

/**
 * A contractor's compliance badge as an enterprise sees it (docs/decisions.md, "The compliance badge"): from the
 * standings of the company documents the enterprise requires of every contractor — the ones the affiliation and
 * send gates read. Not compliant (with what) when one is not met; expiring soon when one is met but ends within
 * the enterprise's first reminder; compliant otherwise (nothing required counts as compliant).
 */
export const COMPLIANCE_BADGES = ["compliant", "expiring", "notCompliant"] as const;
export type TComplianceBadgeStatus = (typeof COMPLIANCE_BADGES)[number];

export interface TComplianceBadge {
  status: TComplianceBadgeStatus;
  /** The required documents not met (not compliant) or ending soon (expiring), by name, with their standing. */
  items: Array<{ requirement: string; standing: TStanding }>;
}

export function complianceBadgeOf(required: Array<{ requirementName: string; standing: TStanding }>): TComplianceBadge {
  const item = (l: { requirementName: string; standing: TStanding }) => ({
    requirement: l.requirementName,
    standing: l.standing,
  });
  const unmet = required.filter((l) => !meetsRequirement(l.standing));
  if (unmet.length > 0) return { status: "notCompliant", items: unmet.map(item) };
  const expiring = required.filter((l) => l.standing === "expiring");
  if (expiring.length > 0) return { status: "expiring", items: expiring.map(item) };
  return { status: "compliant", items: [] };
}
