import { Group, Select, Text } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import "dayjs/locale/fr";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStatisticsDivisions } from "../api/statistics";

interface TStatisticsFiltersProps {
  /** The period shown (the server's default until one is chosen). */
  from: string | null;
  to: string | null;
  onPeriod: (from: string, to: string) => void;
  /** The Enterprise chooses a division (null: all); a manager's is fixed and named. */
  canChooseDivision: boolean;
  divisionId: string | null;
  onDivision: (divisionId: string | null) => void;
  fixedDivisionName: string | null;
  /** Why the period cannot be shown (a validation message key). */
  periodError: string | null;
}

type TRange = [string | null, string | null];

/** The range being picked: its first day alone until the second is chosen, then the period shown. */
function usePickedRange(from: string | null, to: string | null) {
  const [picked, setPicked] = useState<TRange>([from, to]);
  useEffect(() => setPicked([from, to]), [from, to]);
  return [picked, setPicked] as const;
}

export function StatisticsFilters(props: TStatisticsFiltersProps) {
  const { t, i18n } = useTranslation("statistics");
  const divisions = useStatisticsDivisions(props.canChooseDivision);
  const [picked, setPicked] = usePickedRange(props.from, props.to);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatesProvider settings={{ locale: i18n.language }}>
        <DatePickerInput
          type="range"
          label={t("period")}
          value={picked}
          onChange={([from, to]) => {
            setPicked([from, to]);
            if (from && to) props.onPeriod(from, to);
          }}
          error={props.periodError ? t(`validation:${props.periodError}`) : undefined}
          valueFormat="D MMM YYYY"
          allowSingleDateInRange
          popoverProps={{ withinPortal: true }}
          w={{ base: "100%", md: 300 }}
          data-testid="statistics-period"
        />
      </DatesProvider>
      {props.canChooseDivision ? (
        <Select
          label={t("division")}
          placeholder={t("allDivisions")}
          data={(divisions.data ?? []).map((division) => ({ value: division.id, label: division.name }))}
          value={props.divisionId}
          onChange={props.onDivision}
          clearable
          clearButtonProps={{ "aria-label": t("allDivisions") }}
          w={{ base: "100%", md: 240 }}
          data-testid="statistics-division"
        />
      ) : props.fixedDivisionName ? (
        <Text fz="sm" c="dimmed" pb={8}>
          {t("divisionFixed", { name: props.fixedDivisionName })}
        </Text>
      ) : null}
    </Group>
  );
}
