import { Checkbox, Group, MultiSelect, Select, SimpleGrid, TextInput } from "@mantine/core";
import { PERMIT_SORTS, PERMIT_STATUSES } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { SearchInput } from "../../../components/search-input";
import type { TParamChanges } from "../../../lib/router/use-list-params";
import classes from "./permit-filter-bar.module.css";
import type { TPermitFilterValues } from "./permit-filters";

export interface TFilterChoices {
  divisions: { id: string; name: string }[] | null;
  sectors: { id: string; name: string; number: number; division: { id: string } }[];
  contractors: { id: string; name: string }[];
  workTypes: { id: string; name: string }[];
  criticalities: { name: string }[];
}

interface TPermitFilterBarProps {
  values: TPermitFilterValues;
  choices: TFilterChoices;
  onChange: (changes: TParamChanges) => void;
  /** Changes when the filters are set from outside (Back, "Clear filters"): the search box starts over. */
  searchKey: string;
}

/** The list's filters (each change goes to the URL, page 1), its search and its sort. */
export function PermitFilterBar({ values, choices, onChange, searchKey }: TPermitFilterBarProps) {
  const { t } = useTranslation("permits");
  const select = (key: "divisionId" | "sectorId" | "contractorId" | "workTypeId" | "criticality") => ({
    value: values[key],
    onChange: (value: string | null) => onChange({ [key]: value }),
    clearable: true,
    searchable: true,
    placeholder: t("filters.any"),
    nothingFoundMessage: t("form.nothingFound"),
  });
  // With a division chosen, its sectors only (a sector of another division would match nothing).
  const sectors = values.divisionId
    ? choices.sectors.filter((sector) => sector.division.id === values.divisionId)
    : choices.sectors;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm" data-testid="permit-filters">
      <SearchInput
        key={searchKey}
        value={values.q}
        onSearch={(q) => onChange({ q })}
        label={t("list.search")}
        fullWidth
        className={classes.fullRow}
      />
      <MultiSelect
        className={classes.fullRow}
        label={t("fields.status")}
        placeholder={values.status.length === 0 ? t("list.allStatuses") : undefined}
        value={values.status}
        onChange={(status) => onChange({ status: status.join(",") })}
        data={PERMIT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        clearable
        data-testid="permit-filter-status"
      />
      {choices.divisions ? (
        <Select
          {...select("divisionId")}
          label={t("filters.division")}
          // Another division's sector would match nothing: the sector starts over.
          onChange={(divisionId) => onChange({ divisionId, sectorId: null })}
          data={choices.divisions.map(({ id, name }) => ({ value: id, label: name }))}
          data-testid="permit-filter-division"
        />
      ) : null}
      <Select
        {...select("sectorId")}
        label={t("fields.sector")}
        data={sectors.map(({ id, name, number }) => ({ value: id, label: `${number} · ${name}` }))}
        data-testid="permit-filter-sector"
      />
      <Select
        {...select("contractorId")}
        label={t("fields.contractor")}
        data={choices.contractors.map(({ id, name }) => ({ value: id, label: name }))}
        data-testid="permit-filter-contractor"
      />
      <Select
        {...select("workTypeId")}
        label={t("fields.workType")}
        data={choices.workTypes.map(({ id, name }) => ({ value: id, label: name }))}
        data-testid="permit-filter-work-type"
      />
      <Select
        {...select("criticality")}
        label={t("fields.criticality")}
        data={[...new Set(choices.criticalities.map(({ name }) => name))]}
        data-testid="permit-filter-criticality"
      />
      <TextInput
        type="date"
        label={t("filters.from")}
        value={values.from ?? ""}
        max={values.to ?? undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        data-testid="permit-filter-from"
      />
      <TextInput
        type="date"
        label={t("filters.to")}
        value={values.to ?? ""}
        min={values.from ?? undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        data-testid="permit-filter-to"
      />
      <TextInput
        type="date"
        label={t("filters.startDay")}
        value={values.startDay ?? ""}
        onChange={(event) => onChange({ startDay: event.currentTarget.value })}
        data-testid="permit-filter-start-day"
      />
      <TextInput
        type="date"
        label={t("filters.changedSince")}
        value={values.changedSince ?? ""}
        onChange={(event) => onChange({ changedSince: event.currentTarget.value })}
        data-testid="permit-filter-changed-since"
      />
      <Select
        label={t("filters.sort")}
        value={values.sort}
        allowDeselect={false}
        onChange={(sort) => onChange({ sort })}
        data={PERMIT_SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))}
        data-testid="permit-sort"
      />
      <Group align="flex-end" pb={8}>
        <Checkbox
          label={t("filters.overdue")}
          checked={values.overdue}
          onChange={(event) => onChange({ overdue: event.currentTarget.checked ? "true" : null })}
          data-testid="permit-filter-overdue"
        />
      </Group>
    </SimpleGrid>
  );
}
