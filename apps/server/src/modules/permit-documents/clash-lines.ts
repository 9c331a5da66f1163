import { CLASH_RULES, type TPermitClashes } from "@openpermit/shared";
import { eventLabel, labelsOf, type TDocumentLanguage } from "./labels";

type TDate = (iso: string | null) => string | null;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/**
 * The permit's clashes as printed (docs/safety.md, clashes): each other permit at its place and time now (number,
 * task, window, why), then each acknowledgement made at its send, verify and approve (who, when, the remark).
 */
export function clashLines(clashes: TPermitClashes, language: TDocumentLanguage, date: TDate): string[] {
  const L = labelsOf(language);
  const ruleNames = L.clashRules.split("|");
  const now = clashes.clashes.map(({ permit, rules }) => {
    const why = rules.map((rule) => ruleNames[CLASH_RULES.indexOf(rule)]).join(", ");
    return `${permit.documentNumber} - ${permit.taskTitle} - ${fill(L.clashWindow, { start: date(permit.startAt) ?? "", end: date(permit.endAt) ?? "" })} (${why})`;
  });
  const acknowledged = clashes.acknowledgements.map((a) =>
    fill(L.clashAcknowledged, {
      step: eventLabel(language, a.step),
      number: a.otherPermit.documentNumber,
      name: a.by.name,
      when: date(a.at) ?? "",
      remark: a.remark,
    }),
  );
  return [...now, ...acknowledged];
}
