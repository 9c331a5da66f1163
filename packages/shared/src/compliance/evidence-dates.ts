/**
 * The dates a supplier gives with a piece of evidence, as the server stores them (docs/decisions.md, "Evidence
 * dates: the enterprise's validity wins"). Pure, so the upload form can show the same last day before sending.
 */

import { addDays } from "../schemas/time-zone";

/** Evidence dates outside these years are a typing mistake (a certificate "valid until 20260"), refused. */
export const EVIDENCE_YEARS = { min: 2000, max: 2100 } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` within EVIDENCE_YEARS (2026-02-30 is not one). */
export function isEvidenceDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < EVIDENCE_YEARS.min || year > EVIDENCE_YEARS.max) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export type TEvidenceDatesResult =
  | { ok: true; validFrom: string; validUntil: string | null; capped: boolean }
  | { ok: false; error: "INVALID_DATE" | "UNTIL_BEFORE_FROM" };

/**
 * The last valid day stored for new evidence. The requirement's validity (`validityDays`, null: it does not
 * expire) is the enterprise's rule: without a given last day it is `validFrom + validityDays − 1` (the first day
 * counts), and a given last day beyond that is brought back to it (`capped`), since the enterprise decides how long
 * it trusts a document, not the issuer.
 */
export function evidenceDates(input: {
  validFrom: string;
  validUntil?: string | null;
  validityDays: number | null;
}): TEvidenceDatesResult {
  const { validFrom, validityDays } = input;
  const given = input.validUntil ?? null;
  if (!isEvidenceDate(validFrom) || (given !== null && !isEvidenceDate(given))) {
    return { ok: false, error: "INVALID_DATE" };
  }
  if (given !== null && given < validFrom) return { ok: false, error: "UNTIL_BEFORE_FROM" };
  const ruleLastDay = validityDays === null ? null : addDays(validFrom, validityDays - 1);
  if (ruleLastDay === null) return { ok: true, validFrom, validUntil: given, capped: false };
  if (given === null) return { ok: true, validFrom, validUntil: ruleLastDay, capped: false };
  return given > ruleLastDay
    ? { ok: true, validFrom, validUntil: ruleLastDay, capped: true }
    : { ok: true, validFrom, validUntil: given, capped: false };
}
