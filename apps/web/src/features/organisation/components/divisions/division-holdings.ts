import type { TFunction } from "i18next";

/**
 * What still holds a division, in words: "2 sectors and 1 person" (from DIVISION_NOT_EMPTY's
 * `details { sectors, people, permits, emergencies }`, or from the division's own counts). Empty when it holds nothing.
 */
export function describeHoldings(
  holdings: { sectors?: unknown; people?: unknown; permits?: unknown; emergencies?: unknown },
  t: TFunction,
  language: string,
): string {
  const count = (value: unknown) => (typeof value === "number" && value > 0 ? value : 0);
  const parts = [
    count(holdings.sectors) > 0 ? t("organisation:divisions.sectorCount", { count: count(holdings.sectors) }) : null,
    count(holdings.people) > 0 ? t("organisation:divisions.peopleCount", { count: count(holdings.people) }) : null,
    count(holdings.permits) > 0 ? t("organisation:divisions.permitCount", { count: count(holdings.permits) }) : null,
    count(holdings.emergencies) > 0
      ? t("organisation:divisions.emergencyCount", { count: count(holdings.emergencies) })
      : null,
  ].filter((part): part is string => part !== null);
  return new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(parts);
}
