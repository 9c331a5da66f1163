import { Select, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

export const ALL = "all";

interface TDivisionSelectProps extends Omit<SelectProps, "data" | "value" | "onChange"> {
  divisions: { id: string; name: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Adds an "All divisions" choice (value `all`) for filters. */
  withAll?: boolean;
}

/** The enterprise's divisions as a select; a super-responsible never sees one (its division is fixed). */
export function DivisionSelect({ divisions, value, onChange, withAll = false, ...props }: TDivisionSelectProps) {
  const { t } = useTranslation("organisation");
  const data = divisions.map((division) => ({ value: division.id, label: division.name }));
  return (
    <Select
      label={t("fields.division")}
      searchable={divisions.length > 8}
      allowDeselect={false}
      nothingFoundMessage={t("common:noData")}
      comboboxProps={{ withinPortal: true }}
      data={withAll ? [{ value: ALL, label: t("filters.allDivisions") }, ...data] : data}
      value={value}
      onChange={(next) => onChange(next)}
      {...props}
    />
  );
}
