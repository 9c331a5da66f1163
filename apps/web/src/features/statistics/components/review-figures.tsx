import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { TStatistics, TStatisticsDuration, TStatisticsRate } from "@openpermit/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ChartCard } from "./chart-card";
import type { TChartProps } from "./chart-props";

/** Minutes as people read a wait: "45 min", "2 h 05 min", "3 d 4 h". */
export function formatMinutes(minutes: number, t: TFunction<"statistics">): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return t("units.daysHours", { days, hours });
  if (hours > 0) return t("units.hoursMinutes", { hours, minutes: String(rest).padStart(2, "0") });
  return t("units.minutes", { minutes: rest });
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={`${label}: ${value}`} data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

function DurationFigures({ step, duration }: { step: "verification" | "approval"; duration: TStatisticsDuration }) {
  const { t } = useTranslation("statistics");
  const value = (minutes: number | null) => (minutes === null ? "—" : formatMinutes(minutes, t));
  const detail = t("overPermits", { count: duration.count });
  return (
    <>
      <Figure
        label={t(`durations.${step}Median`)}
        value={value(duration.median)}
        detail={detail}
        testId={`${step}-median`}
      />
      <Figure label={t(`durations.${step}P90`)} value={value(duration.p90)} detail={detail} testId={`${step}-p90`} />
    </>
  );
}

function RateFigure({ kind, rate }: { kind: "recheck" | "rejection"; rate: TStatisticsRate }) {
  const { t, i18n } = useTranslation("statistics");
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  return (
    <Figure
      label={t(`rates.${kind}`)}
      value={rate.rate === null ? "—" : percent.format(rate.rate)}
      detail={t("rates.outOf", { count: rate.count, total: rate.total })}
      testId={`${kind}-rate`}
    />
  );
}

/** How long reviews take (median and 90th percentile) and how often permits are sent back or rejected. */
export function ReviewFigures({ statistics, onDownload }: TChartProps & { statistics: TStatistics }) {
  const { t } = useTranslation("statistics");
  const { sendToVerification, sendToApproval } = statistics.durations;
  return (
    <>
      <ChartCard
        chart="durations"
        title={t("charts.durations")}
        description={t("durationsHelp")}
        empty={sendToVerification.count === 0 && sendToApproval.count === 0}
        onDownload={() => onDownload("durations")}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <DurationFigures step="verification" duration={sendToVerification} />
          <DurationFigures step="approval" duration={sendToApproval} />
        </SimpleGrid>
      </ChartCard>
      <ChartCard
        chart="rates"
        title={t("charts.rates")}
        description={t("ratesHelp")}
        empty={statistics.total === 0}
        onDownload={() => onDownload("rates")}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <RateFigure kind="recheck" rate={statistics.rates.recheck} />
          <RateFigure kind="rejection" rate={statistics.rates.rejection} />
        </SimpleGrid>
      </ChartCard>
    </>
  );
}
