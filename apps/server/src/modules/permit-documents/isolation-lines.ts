import type { TIsolationEnergy, TIsolationPoint } from "@openpermit/shared";
import { labelsOf, type TDocumentLanguage } from "./labels";

type TDate = (iso: string | null) => string | null;

const ENERGY: Record<TDocumentLanguage, Record<TIsolationEnergy, string>> = {
  en: {
    electrical: "Electrical",
    mechanical: "Mechanical",
    hydraulic: "Hydraulic",
    pneumatic: "Pneumatic",
    process: "Process",
    thermal: "Thermal",
    chemical: "Chemical",
  },
  fr: {
    electrical: "Électrique",
    mechanical: "Mécanique",
    hydraulic: "Hydraulique",
    pneumatic: "Pneumatique",
    process: "Procédé",
    thermal: "Thermique",
    chemical: "Chimique",
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/**
 * The isolations a permit needs, one printed line each: tag, equipment, energy, method, and where it stands as the
 * paper is printed (not isolated; applied, not proven; applied and proven — by whom, when, which lock).
 */
export function isolationLines(points: TIsolationPoint[], language: TDocumentLanguage, date: TDate): string[] {
  const L = labelsOf(language);
  return points.map((point) => {
    const a = point.application;
    const state = !a
      ? L.isolationNone
      : fill(a.provenAt ? L.isolationProven : L.isolationApplied, {
          name: a.appliedBy?.name ?? L.system,
          when: date(a.appliedAt) ?? "",
          lock: a.lockNumber,
          prover: a.provenBy?.name ?? L.system,
          proven: date(a.provenAt) ?? "",
        });
    return `${point.tag} - ${point.equipment} (${ENERGY[language][point.energy]}) - ${point.method}: ${state}`;
  });
}
