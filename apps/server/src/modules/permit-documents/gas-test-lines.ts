import type { TGasTest } from "@openpermit/shared";
import { labelsOf, type TDocumentLanguage } from "./labels";

type TDate = (iso: string | null) => string | null;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/**
 * The permit's gas tests, newest first, one printed line each: when, the verdict, who, the instrument, and each
 * reading (a failing one marked "!") as the server judged it.
 */
export function gasTestLines(tests: TGasTest[], language: TDocumentLanguage, date: TDate): string[] {
  const L = labelsOf(language);
  return tests.map((test) =>
    fill(L.gasTestLine, {
      when: date(test.testedAt) ?? "",
      result: test.passed ? L.gasPassed : L.gasFailed,
      name: test.testedBy?.name ?? "-",
      instrument: test.instrumentId,
      calibrated: test.calibratedOn,
      readings: test.readings.map((r) => `${r.name} ${r.value} ${r.unit}${r.passed ? "" : " !"}`).join(", "),
    }),
  );
}
