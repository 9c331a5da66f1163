import { DonutChart } from "@mantine/charts";
import { Box, ColorSwatch, Group, Stack, Text } from "@mantine/core";
import type { TStatistics } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ChartCard } from "./chart-card";
import type { TChartProps } from "./chart-props";

/** A donut in the matrix's own level colours, with its legend. */
export function CriticalityChart({ levels, onDownload }: TChartProps & { levels: TStatistics["byCriticality"] }) {
  const { t } = useTranslation("statistics");
  const nameOf = (level: string) => level || t("noLevel");
  const total = levels.reduce((sum, level) => sum + level.count, 0);
  return (
    <ChartCard
      chart="byCriticality"
      title={t("charts.byCriticality")}
      description={t("byCriticalityHelp")}
      empty={levels.length === 0}
      onDownload={() => onDownload("byCriticality")}
      table={{
        headers: [t("criticality"), t("permitsCount")],
        rows: levels.map((level) => ({ key: level.level, cells: [nameOf(level.level), level.count] })),
      }}
    >
      <Group gap="lg" justify="center" wrap="wrap">
        <DonutChart
          size={180}
          thickness={28}
          accessibilityLayer={false}
          // The drawing is hidden from assistive technology (the table says it all): nothing in it takes focus.
          pieProps={{ rootTabIndex: -1 }}
          chartLabel={total}
          data={levels.map((level) => ({ name: nameOf(level.level), value: level.count, color: level.colour }))}
        />
        <Stack gap={6}>
          {levels.map((level) => (
            <Group key={level.level} gap="xs" wrap="nowrap">
              <ColorSwatch color={level.colour} size={14} />
              <Box>
                <Text fz="sm" span>
                  {nameOf(level.level)}
                </Text>
                <Text fz="sm" span fw={600} ml={6}>
                  {level.count}
                </Text>
              </Box>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}
