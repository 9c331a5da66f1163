import type { TComplianceGap } from "@openpermit/shared";
import type { TFunction } from "i18next";

/**
 * Who lacks what, as one sentence in the reader's language ("Wendy Welder: Hot-work training (expired)"): the names
 * are the enterprise's data as the server sent them, the words around them are translated here. Without a person,
 * a crew's gap is a requirement one of them must hold and nobody does; otherwise it is the company's document.
 */
export function describeGaps(t: TFunction, gaps: TComplianceGap[], ofCrew: boolean): string {
  return gaps
    .map(({ person, requirement, standing }) => {
      if (person) {
        return t("complianceGates:gap.person", {
          person,
          requirement,
          standing: t(`complianceGates:standing.${standing}`),
        });
      }
      if (ofCrew) return t("complianceGates:gap.nobody", { requirement });
      return t("complianceGates:gap.company", { requirement, standing: t(`complianceGates:standing.${standing}`) });
    })
    .join(t("complianceGates:gap.separator"));
}
