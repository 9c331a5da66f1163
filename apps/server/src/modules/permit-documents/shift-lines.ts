import type { TPermit } from "@openpermit/shared";
import { labelsOf, type TDocumentLanguage } from "./labels";

type TDate = (iso: string | null) => string | null;

/**
 * The permit's holder, its extensions (old end → new end, asked by whom and why, the decision) and its shift
 * handovers (outgoing → incoming, the note, accepted or not) as label → value lines of the printed permit; a due
 * handover is said first (docs/safety.md, "Extension and shift handover").
 */
export function shiftLines(permit: TPermit, language: TDocumentLanguage, date: TDate): [string, string][] {
  const L = labelsOf(language);
  const lines: [string, string][] = [];
  if (permit.handoverDue) lines.push([L.holder, L.handoverDue]);
  if (permit.holder && (permit.handovers.length > 0 || permit.shiftStartedAt)) {
    lines.push([L.holder, permit.holder.name]);
  }
  for (const x of permit.extensions) {
    const decision =
      x.decision === null
        ? L.extensionPending
        : `${x.decision === "signed" ? L.extensionSigned : L.extensionRefused} ${x.decidedBy?.name ?? L.system} ${L.at} ${date(x.decidedAt)}${x.remark ? `: ${x.remark}` : ""}`;
    lines.push([
      L.extensions,
      `${date(x.oldEndAt)} -> ${date(x.newEndAt)}, ${L.askedBy} ${x.askedBy?.name ?? L.system} ${L.at} ${date(x.askedAt)} (${x.reason}) - ${decision}`,
    ]);
  }
  for (const h of permit.handovers) {
    const outcome = h.acceptedAt
      ? `${L.handoverAccepted} ${L.at} ${date(h.acceptedAt)}`
      : h.cancelledAt
        ? `${L.handoverCancelled} ${L.at} ${date(h.cancelledAt)}`
        : L.handoverOpen;
    lines.push([
      L.handovers,
      `${h.from?.name ?? L.system} -> ${h.to?.name ?? L.system} ${L.at} ${date(h.startedAt)}, ${outcome}\n${L.handoverNote}: ${h.note}`,
    ]);
  }
  return lines;
}
