import { BarChart } from "@mantine/charts";
import { STATISTICS_STATUSES, type TStatistics } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ChartCard } from "./chart-card";
import type { TChartProps } from "./chart-props";
import { STATUS_CHART_COLOURS } from "./status-colours";

/** "2026-03" as the reader says it ("Mar 2026", "mars 2026"). */
export function useMonthLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

/** Stacked bars: permits per month of their first send, by status of today. */
export function MonthChart({ statistics, onDownload }: TChartProps & { statistics: TStatistics }) {
  const { t } = useTranslation("statistics");
  const { t: tp } = useTranslation("permits");
  const monthLabel = useMonthLabel();
  const present = STATISTICS_STATUSES.filter((status) => statistics.perMonth.some((m) => m.counts[status] > 0));
  const data = statistics.perMonth.map((m) => ({ month: monthLabel(m.month), ...m.counts }));
  return (
    <ChartCard
      chart="perMonth"
      title={t("charts.perMonth")}
      empty={statistics.total === 0}
      onDownload={() => onDownload("perMonth")}
      table={{
        headers: [t("month"), ...present.map((s) => tp(`status.${s}`)), t("totalColumn")],
        rows: statistics.perMonth.map((m) => ({
          key: m.month,
          cells: [monthLabel(m.month), ...present.map((s) => m.counts[s]), m.total],
        })),
      }}
    >
      <BarChart
        h={280}
        data={data}
        dataKey="month"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: "bottom" }}
        accessibilityLayer={false}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        series={present.map((status) => ({
          name: status,
          label: tp(`status.${status}`),
          color: STATUS_CHART_COLOURS[status],
        }))}
      />
    </ChartCard>
  );
}
