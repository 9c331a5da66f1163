import { Group, Select } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { AUDIT_ACTIONS, type TAuditAction } from "@openpermit/shared";
import "dayjs/locale/fr";
import { useTranslation } from "react-i18next";
import type { TAuditFilters } from "../api/audit";

/** The period (UTC days) and the action the trail is narrowed to; both can be cleared. */
export function AuditFilters({
  filters,
  onChange,
}: {
  filters: TAuditFilters;
  onChange: (next: TAuditFilters) => void;
}) {
  const { t, i18n } = useTranslation("audit");
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatesProvider settings={{ locale: i18n.language }}>
        <DatePickerInput
          type="range"
          label={t("filters.period")}
          placeholder={t("filters.anyPeriod")}
          value={[filters.from, filters.to]}
          onChange={([from, to]) => {
            if ((from && to) || (!from && !to)) onChange({ ...filters, from, to });
          }}
          valueFormat="D MMM YYYY"
          allowSingleDateInRange
          clearable
          popoverProps={{ withinPortal: true }}
          w={{ base: "100%", sm: 280 }}
          data-testid="audit-period"
        />
      </DatesProvider>
      <Select
        label={t("filters.action")}
        placeholder={t("filters.allActions")}
        data={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
        value={filters.action}
        onChange={(action) => onChange({ ...filters, action: action as TAuditAction | null })}
        clearable
        searchable
        w={{ base: "100%", sm: 260 }}
        data-testid="audit-action"
      />
    </Group>
  );
}
