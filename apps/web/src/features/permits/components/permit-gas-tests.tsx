import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconAlertTriangle, IconFlask } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { usePermitGasTests } from "../api/gas-tests";
import { GasResultBadge } from "./gas-result-badge";

// Loaded when first needed: the dialog when a test is recorded, the chart once there are tests to draw.
const GasTestDialog = lazy(() => import("./gas-test-dialog").then((m) => ({ default: m.GasTestDialog })));
const GasTestChart = lazy(() => import("./gas-test-chart").then((m) => ({ default: m.GasTestChart })));

/**
 * The permit's gas tests, where its work type requires them: the latest result and when the next is due (overdue
 * marked), a button to record one (the holder's side and the sector's managers), every test with its readings as the
 * server judged them, and the readings drawn over time.
 */
export function PermitGasTests({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const state = permit.gasTest;
  const tests = usePermitGasTests(permit.id, state !== null);
  const [recording, setRecording] = useState(false);
  if (!state) return null;
  return (
    <Paper
      withBorder
      p={{ base: "sm", md: "md" }}
      component="section"
      aria-labelledby="permit-gas-tests-title"
      data-testid="permit-gas-tests"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id="permit-gas-tests-title">
          {t("gasTests.title")}
        </Title>
        {tests.data?.canRecord ? (
          <Button
            leftSection={<IconFlask size={16} aria-hidden />}
            onClick={() => setRecording(true)}
            data-testid="gas-test-open"
          >
            {t("gasTests.open")}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        <Group gap="xs" data-testid="gas-test-latest">
          <Text fz="sm">{t("gasTests.latest")}</Text>
          {state.last ? (
            <>
              <GasResultBadge passed={state.last.passed} />
              <Text fz="sm">{format(state.last.at)}</Text>
            </>
          ) : (
            <Text fz="sm">{t("gasTests.none")}</Text>
          )}
          {state.dueAt ? (
            <Text fz="sm" c="dimmed">
              {t("gasTests.dueAt", { at: format(state.dueAt), minutes: state.retestMinutes })}
            </Text>
          ) : null}
        </Group>
        {state.overdue ? (
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} data-testid="gas-test-overdue">
            {t("gasTests.overdue")}
          </Alert>
        ) : null}
        {!state.last && ["Approved", "accepted"].includes(permit.status) ? (
          <Alert color="yellow" icon={<IconFlask aria-hidden />} data-testid="gas-test-needed">
            {t("gasTests.needed", { minutes: state.retestMinutes })}
          </Alert>
        ) : null}
        <QueryState query={tests}>
          {(loaded) =>
            loaded.tests.length === 0 ? null : (
              <Stack gap="sm">
                <Suspense fallback={null}>
                  <GasTestChart tests={loaded.tests} />
                </Suspense>
                {/* A keyboard stop with a name: on a phone the table scrolls sideways, and a keyboard user must be
                    able to scroll it too (axe scrollable-region-focusable). */}
                <Table.ScrollContainer
                  minWidth={320}
                  type="native"
                  tabIndex={0}
                  role="region"
                  aria-label={t("gasTests.history")}
                >
                  <Table data-testid="gas-test-history">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("gasTests.when")}</Table.Th>
                        <Table.Th>{t("gasTests.by")}</Table.Th>
                        <Table.Th>{t("gasTests.readings")}</Table.Th>
                        <Table.Th>{t("gasTests.instrument")}</Table.Th>
                        <Table.Th>{t("gasTests.result")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {loaded.tests.map((test) => (
                        <Table.Tr key={test.id}>
                          <Table.Td>{format(test.testedAt)}</Table.Td>
                          <Table.Td>{test.testedBy?.name ?? "—"}</Table.Td>
                          <Table.Td>
                            {test.readings.map((r) => (
                              <Text key={r.gasId} fz="sm" c={r.passed ? undefined : "red.9"} fw={r.passed ? 400 : 700}>
                                {`${r.name} ${r.value} ${r.unit}`}
                              </Text>
                            ))}
                          </Table.Td>
                          <Table.Td>{t("gasTests.instrumentText", test)}</Table.Td>
                          <Table.Td>
                            <GasResultBadge passed={test.passed} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      {recording && tests.data ? (
        <Suspense fallback={null}>
          <GasTestDialog permitId={permit.id} gases={tests.data.gases} onClose={() => setRecording(false)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
