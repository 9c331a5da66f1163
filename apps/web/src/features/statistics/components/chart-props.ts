import type { TStatisticsChart } from "@openpermit/shared";

/** What every chart gets from the page: how to download its data. */
export interface TChartProps {
  onDownload: (chart: TStatisticsChart) => Promise<void>;
}
