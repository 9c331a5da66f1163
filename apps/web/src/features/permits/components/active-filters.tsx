import { Badge, Button, Group, Text } from "@mantine/core";
import { IconFilterOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TFilterChoices } from "./permit-filter-bar";
import { activeFilters, type TFilterKey, type TPermitFilterValues } from "./permit-filters";

/** Says which filters narrow the list (names, not ids), with "Clear filters". Nothing when none is set. */
export function ActiveFilters({
  values,
  choices,
  onClear,
}: {
  values: TPermitFilterValues;
  choices: TFilterChoices;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation("permits");
  const active = activeFilters(values);
  if (active.length === 0) return null;
  const nameIn = (list: { id: string; name: string }[] | null, id: string | null) =>
    list?.find((item) => item.id === id)?.name ?? t("filters.unknown");
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(`${value}T00:00:00`));
  const describe: Record<TFilterKey, () => string> = {
    status: () => values.status.map((status) => t(`status.${status}`)).join(", "),
    divisionId: () => nameIn(choices.divisions, values.divisionId),
    sectorId: () => nameIn(choices.sectors, values.sectorId),
    contractorId: () => nameIn(choices.contractors, values.contractorId),
    workTypeId: () => nameIn(choices.workTypes, values.workTypeId),
    criticality: () => values.criticality ?? "",
    from: () => day(values.from!),
    to: () => day(values.to!),
    startDay: () => day(values.startDay!),
    changedSince: () => day(values.changedSince!),
    overdue: () => t("filters.yes"),
    q: () => `“${values.q}”`,
  };
  return (
    <Group gap="xs" data-testid="permit-active-filters" aria-label={t("filters.active")} role="group">
      <Text fz="sm" fw={600}>
        {t("filters.active")}
      </Text>
      {active.map((key) => (
        <Badge
          key={key}
          // Dark text on white: a light variant of a shade (gray.9) came out as dark text on a dark pill.
          variant="default"
          tt="none"
          style={{ maxWidth: "100%" }}
          data-testid={`permit-active-filter-${key}`}
        >
          {t("filters.item", { label: t(`filters.label.${key}`), value: describe[key]() })}
        </Badge>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onClear}
        data-testid="permit-clear-filters"
      >
        {t("filters.clear")}
      </Button>
    </Group>
  );
}
