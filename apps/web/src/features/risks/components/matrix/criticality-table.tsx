import { Alert, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { V } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import styles from "./criticality-table.module.css";
import { hasGrid, levelOfCell, missingCells, type TMatrixDraft, textColourOn } from "./matrix-draft";

interface TCriticalityTableProps {
  draft: TMatrixDraft;
  readOnly: boolean;
  onCell: (probabilityKey: string, severityKey: string, levelKey: string) => void;
}

/**
 * Probabilities as rows (the most likely on top), severities as columns (mildest first). Each cell is a
 * labelled select showing its level's name on the level's colour, the text in black or white, whichever
 * reads better: the colour is never the only cue.
 */
export function CriticalityTable({ draft, readOnly, onCell }: TCriticalityTableProps) {
  const { t } = useTranslation("risks");
  const name = (label: string, fallback: string) => label.trim() || fallback;
  const missing = missingCells(draft);
  const rows = draft.probabilities.map((item, index) => ({ ...item, rank: index + 1 })).reverse();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="matrix-table-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="matrix-table-heading">
          {t("matrix.table")}
        </Title>
        {!hasGrid(draft) ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            data-testid="matrix-incomplete"
          >
            {t(`validation:${V.severityProbabilityRequired}`)}
          </Alert>
        ) : (
          <>
            {draft.levels.length === 0 ? <Text fz="sm">{t("matrix.noLevel")}</Text> : null}
            {missing > 0 && draft.levels.length > 0 && !readOnly ? (
              <Text fz="sm" c="orange.9" data-testid="matrix-missing-cells">
                {t("matrix.missingCells", { count: missing })}
              </Text>
            ) : null}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <section className={styles.scroller} tabIndex={0} aria-label={t("matrix.tableCaption")}>
              <table className={styles.table} data-testid="criticality-table">
                <VisuallyHidden component="caption">{t("matrix.tableCaption")}</VisuallyHidden>
                <thead>
                  <tr>
                    <th scope="col" className={styles.rowHeader}>
                      <Text fz="xs" c="dimmed">
                        {t("matrix.probabilityAxis")} ↓ / {t("matrix.severityAxis")} →
                      </Text>
                    </th>
                    {draft.severities.map((severity, index) => (
                      <th key={severity.key} scope="col" className={styles.columnHeader}>
                        <Text fz="sm" fw={600}>
                          {name(severity.label, t("matrix.severityLabel", { rank: index + 1 }))}
                        </Text>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((probability) => {
                    const probabilityName = name(
                      probability.label,
                      t("matrix.probabilityLabel", { rank: probability.rank }),
                    );
                    return (
                      <tr key={probability.key} data-testid="criticality-row">
                        <th scope="row" className={styles.rowHeader}>
                          <Text fz="sm" fw={600}>
                            {probabilityName}
                          </Text>
                        </th>
                        {draft.severities.map((severity, index) => {
                          const severityName = name(severity.label, t("matrix.severityLabel", { rank: index + 1 }));
                          const level = levelOfCell(draft, probability.key, severity.key);
                          const colours = level
                            ? { background: level.colour, color: textColourOn(level.colour) }
                            : undefined;
                          const label = t("matrix.cellLabel", { probability: probabilityName, severity: severityName });
                          return (
                            <td key={severity.key} data-level={level?.name ?? ""}>
                              {readOnly ? (
                                <div className={styles.readOnlyCell} style={colours} title={label}>
                                  <VisuallyHidden>{label}: </VisuallyHidden>
                                  {level ? name(level.name, t("matrix.untitled")) : "—"}
                                </div>
                              ) : (
                                <NativeSelect
                                  className={styles.cell}
                                  aria-label={label}
                                  value={level?.key ?? ""}
                                  styles={{ input: colours }}
                                  onChange={(event) => onCell(probability.key, severity.key, event.currentTarget.value)}
                                  data={[
                                    { value: "", label: t("matrix.notChosen") },
                                    ...draft.levels.map((item, rank) => ({
                                      value: item.key,
                                      label: name(item.name, t("matrix.levelLegend", { rank: rank + 1 })),
                                    })),
                                  ]}
                                />
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          </>
        )}
      </Stack>
    </Paper>
  );
}
