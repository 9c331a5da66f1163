import { Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { TStatisticsChart } from "@openpermit/shared";
import { IconDownload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyData } from "../../../components/empty-data";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError } from "../../../lib/notify";

/** The chart's figures as a table: what screen readers read instead of the drawing. */
export interface TChartTable {
  headers: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

interface TChartCardProps {
  chart: TStatisticsChart;
  title: string;
  description?: string;
  /** Nothing to draw: "No data to display" instead of the chart (the CSV stays downloadable). */
  empty: boolean;
  /** A drawing's text alternative; without one the content is read as it is (figures). */
  table?: TChartTable;
  onDownload: () => Promise<void>;
  children: ReactNode;
}

/** One chart: its title, a "Download CSV" button, the drawing (hidden from screen readers) and its table. */
export function ChartCard({ chart, title, description, empty, table, onDownload, children }: TChartCardProps) {
  const { t } = useTranslation("statistics");
  const describe = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const titleId = `statistics-${chart}-title`;

  const download = async () => {
    setBusy(true);
    try {
      await onDownload();
    } catch (error) {
      notifyError(t("downloadFailed", { reason: describe(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={`chart-${chart}`} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: "1 1 12rem", minWidth: 0 }}>
            <Title order={2} fz="h4" id={titleId}>
              {title}
            </Title>
            {description ? (
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy}
            onClick={() => void download()}
            aria-label={`${t("downloadCsv")}: ${title}`}
            data-testid={`download-${chart}`}
          >
            {t("downloadCsv")}
          </Button>
        </Group>
        {empty ? (
          <EmptyData />
        ) : !table ? (
          children
        ) : (
          <>
            <div aria-hidden>{children}</div>
            <VisuallyHidden>
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {table.headers.map((header) => (
                      <th key={header} scope="col">
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.key}>
                      {row.cells.map((cell, i) =>
                        i === 0 ? (
                          <th key={table.headers[i]} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={table.headers[i]}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
