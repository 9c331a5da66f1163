import { BarChart } from "@mantine/charts";
import type { TStatisticsGroup } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ChartCard } from "./chart-card";
import type { TChartProps } from "./chart-props";

type TBreakdownChart = "bySector" | "byContractor" | "byWorkType";

/** A group's name for people: its own, "Internal", or "Other (n)". */
export function useGroupName() {
  const { t } = useTranslation("statistics");
  return (group: TStatisticsGroup) =>
    group.kind === "internal"
      ? t("internal")
      : group.kind === "other"
        ? t("other", { count: group.groups })
        : group.name;
}

const ROW_HEIGHT = 34;
/** Names longer than this are cut on the axis (the table and the tooltip keep them whole). */
const AXIS_NAME_MAX = 16;
const shorten = (name: string) => (name.length > AXIS_NAME_MAX ? `${name.slice(0, AXIS_NAME_MAX - 1)}…` : name);

interface TBreakdownChartProps extends TChartProps {
  chart: TBreakdownChart;
  groups: TStatisticsGroup[];
  /** The column naming the groups (Sector, Contractor, Work type). */
  groupLabel: string;
  color: string;
}

/** Horizontal bars, largest first: the ten largest groups and "Other". */
export function BreakdownChart({ chart, groups, groupLabel, color, onDownload }: TBreakdownChartProps) {
  const { t } = useTranslation("statistics");
  const nameOf = useGroupName();
  const data = groups.map((group) => ({ name: nameOf(group), count: group.count }));
  return (
    <ChartCard
      chart={chart}
      title={t(`charts.${chart}`)}
      empty={groups.length === 0}
      onDownload={() => onDownload(chart)}
      table={{
        headers: [groupLabel, t("permitsCount")],
        rows: groups.map((group, i) => ({
          key: `${group.kind}-${group.id ?? i}`,
          cells: [nameOf(group), group.count],
        })),
      }}
    >
      <BarChart
        h={groups.length * ROW_HEIGHT + 40}
        data={data}
        dataKey="name"
        orientation="vertical"
        withBarValueLabel
        accessibilityLayer={false}
        gridAxis="none"
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 120, tickFormatter: (name: string) => shorten(name), interval: 0 }}
        series={[{ name: "count", label: t("permitsCount"), color }]}
      />
    </ChartCard>
  );
}
