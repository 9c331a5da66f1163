import "@mantine/charts/styles.css";
import { Stack } from "@mantine/core";
import { type TStatisticsChart, ZStatisticsQuerySchema } from "@openpermit/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { PageTitle } from "../../../components/page-title";
import { SectionLoader } from "../../../components/section-loader";
import { useListParams } from "../../../lib/router/use-list-params";
import { useSession } from "../../../lib/session/session-context";
import { downloadChartCsv, type TStatisticsFilters, useStatistics } from "../api/statistics";
import { StatisticsCharts } from "../components/statistics-charts";
import { StatisticsFilters } from "../components/statistics-filters";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the URL: a period (both days, or the last 12 months) and, for the Enterprise, a division. */
function useStatisticsFilters(canChooseDivision: boolean) {
  const { params, update } = useListParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const divisionId = canChooseDivision ? (params.get("divisionId") ?? "") : "";
  const filters = useMemo<TStatisticsFilters>(
    () => ({
      ...(DAY.test(from) && DAY.test(to) ? { from, to } : {}),
      ...(divisionId ? { divisionId } : {}),
    }),
    [from, to, divisionId],
  );
  // A period the server would refuse (typed in the URL) is said at the picker, not asked for.
  const periodError = filters.from
    ? (ZStatisticsQuerySchema.safeParse(filters).error?.issues[0]?.message ?? null)
    : null;
  return { filters, periodError, update };
}

/**
 * `statistics` of the Enterprise, SuperResponsible and Responsible: the permits first sent in a period, charted
 * from the server's aggregates; each chart's data downloads as CSV.
 */
export function StatisticsPage() {
  const { t } = useTranslation("statistics");
  const session = useSession();
  const canChooseDivision = session.role === "Enterprise";
  const { filters, periodError, update } = useStatisticsFilters(canChooseDivision);
  const statistics = useStatistics(filters, periodError === null);
  const data = statistics.data;
  const period = data?.period;

  const download = (chart: TStatisticsChart) =>
    downloadChartCsv(chart, filters, period ? `${period.from}-${period.to}` : "period");

  return (
    <>
      <PageTitle title={t("title")} description={t("description")} />
      <Stack gap="md">
        <StatisticsFilters
          from={filters.from ?? period?.from ?? null}
          to={filters.to ?? period?.to ?? null}
          onPeriod={(from, to) => update({ from, to })}
          canChooseDivision={canChooseDivision}
          divisionId={filters.divisionId ?? null}
          onDivision={(divisionId) => update({ divisionId })}
          fixedDivisionName={canChooseDivision ? null : (session.parent?.name ?? null)}
          periodError={periodError}
        />
        {periodError ? null : !data ? (
          statistics.error ? (
            <ApiErrorAlert error={statistics.error} />
          ) : (
            <SectionLoader />
          )
        ) : (
          <>
            {statistics.error ? <ApiErrorAlert error={statistics.error} /> : null}
            <StatisticsCharts statistics={data} onDownload={download} />
          </>
        )}
      </Stack>
    </>
  );
}
