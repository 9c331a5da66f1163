import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import type { TGasTest } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";

const COLOURS = ["blue.7", "orange.8", "grape.7", "teal.8", "red.8", "cyan.8", "lime.8", "pink.7"];

/**
 * The readings over time (oldest first), one line per gas; the same figures are in the table of tests beside it
 * (the chart is a picture of them, hidden from screen readers). Without recharts' accessibility layer: it makes the
 * drawing a keyboard stop (tabindex 0, role application) inside what screen readers do not see (axe aria-hidden-focus);
 * the mouse's tooltip stays.
 */
export function GasTestChart({ tests }: { tests: TGasTest[] }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const names = [...new Set(tests.flatMap((test) => test.readings.map((r) => r.name)))];
  const data = [...tests].reverse().map((test) => ({
    at: format(test.testedAt),
    ...Object.fromEntries(test.readings.map((r) => [r.name, r.value])),
  }));
  return (
    <div aria-hidden data-testid="gas-test-chart" title={t("gasTests.chart")}>
      <LineChart
        h={200}
        data={data}
        dataKey="at"
        withLegend
        legendProps={{ verticalAlign: "bottom" }}
        connectNulls
        lineChartProps={{ accessibilityLayer: false }}
        yAxisProps={{ width: 36 }}
        series={names.map((name, i) => ({ name, color: COLOURS[i % COLOURS.length]! }))}
      />
    </div>
  );
}
