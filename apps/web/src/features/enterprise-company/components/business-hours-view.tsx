import { Table } from "@mantine/core";
import { type TBusinessDay, WEEK_DAYS } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/** Monday to Sunday: the opening and closing times, or Closed. */
export function BusinessHoursView({ hours, labelledBy }: { hours: TBusinessDay[]; labelledBy?: string }) {
  const { t } = useTranslation("companyPage");
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={4}
      horizontalSpacing="sm"
      w="auto"
      aria-labelledby={labelledBy}
      data-testid="business-hours"
    >
      <Table.Tbody>
        {WEEK_DAYS.map((day, index) => {
          const hoursOfDay = hours[index];
          return (
            <Table.Tr key={day}>
              <Table.Th scope="row" fw={600} pl={0}>
                {t(`days.${day}`)}
              </Table.Th>
              <Table.Td>
                {!hoursOfDay || hoursOfDay.closed
                  ? t("hours.closed")
                  : t("hours.range", { open: hoursOfDay.open, close: hoursOfDay.close })}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
