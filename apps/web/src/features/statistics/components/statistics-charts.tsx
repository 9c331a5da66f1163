import { SimpleGrid, Text } from "@mantine/core";
import type { TStatistics } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { BreakdownChart } from "./breakdown-chart";
import type { TChartProps } from "./chart-props";
import { CriticalityChart } from "./criticality-chart";
import { MonthChart } from "./month-chart";
import { ReviewFigures } from "./review-figures";

/** Every chart of the page, from one answer of the server. */
export function StatisticsCharts({ statistics, onDownload }: TChartProps & { statistics: TStatistics }) {
  const { t } = useTranslation("statistics");
  return (
    <>
      <Text fz="sm" c="dimmed" aria-live="polite" data-testid="statistics-total">
        {t("total", { count: statistics.total })}
      </Text>
      <MonthChart statistics={statistics} onDownload={onDownload} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <BreakdownChart
          chart="bySector"
          groups={statistics.bySector}
          groupLabel={t("sector")}
          color="indigo.6"
          onDownload={onDownload}
        />
        <BreakdownChart
          chart="byContractor"
          groups={statistics.byContractor}
          groupLabel={t("contractor")}
          color="cyan.7"
          onDownload={onDownload}
        />
        <BreakdownChart
          chart="byWorkType"
          groups={statistics.byWorkType}
          groupLabel={t("workType")}
          color="grape.6"
          onDownload={onDownload}
        />
        <CriticalityChart levels={statistics.byCriticality} onDownload={onDownload} />
        <ReviewFigures statistics={statistics} onDownload={onDownload} />
      </SimpleGrid>
    </>
  );
}
