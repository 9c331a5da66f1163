import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { FigureTile } from "../../../components/figure-tile";
import { QueryState } from "../../../components/query-state";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useEnterpriseActivity } from "../api/enterprise-details";

/** "2026-06" as "June 2026" in the UI language (the months are UTC calendar months). */
function useFormatMonth(): (month: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (month: string) => {
      const [year, index] = month.split("-").map(Number);
      const format = new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" });
      return format.format(new Date(Date.UTC(year!, index! - 1, 1)));
    },
    [i18n.language],
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return <FigureTile label={label} value={value} size="lg" />;
}

/** How much the enterprise uses the platform: permits sent per month (last six) and its people's sign-ins. */
export function EnterpriseActivity({ enterpriseId }: { enterpriseId: string }) {
  const { t } = useTranslation("adminCompanies");
  const activity = useEnterpriseActivity(enterpriseId);
  const formatMonth = useFormatMonth();
  const formatDateTime = useFormatDateTime();
  const months = activity.data?.months ?? [];
  const most = Math.max(1, ...months.map((m) => m.permitsSent));
  const sent = months.reduce((sum, m) => sum + m.permitsSent, 0);
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="enterprise-activity">
      <Stack gap="md">
        <Title order={2} fz="h3" id="enterprise-activity">
          {t("details.activity")}
        </Title>
        <QueryState query={activity}>
          {(data) => (
            <>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Figure label={t("details.sentSixMonths")} value={String(sent)} />
                <Figure label={t("details.activeUsers")} value={String(data.activeUsers30Days)} />
                <Figure
                  label={t("details.lastSignIn")}
                  value={data.lastSignInAt ? formatDateTime(data.lastSignInAt) : t("details.never")}
                />
              </SimpleGrid>
              <Table captionSide="top" verticalSpacing={6} data-testid="enterprise-activity-months">
                <Table.Caption style={{ textAlign: "start" }}>{t("details.perMonth")}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("details.month")}</Table.Th>
                    <Table.Th scope="col">{t("details.permitsSent")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.months.map((month) => (
                    <Table.Tr key={month.month}>
                      <Table.Th scope="row" fw={400}>
                        {formatMonth(month.month)}
                      </Table.Th>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text fz="sm" w="3ch" ta="end">
                            {month.permitsSent}
                          </Text>
                          {/* The bar repeats the number for the eye; the number is what is read out. */}
                          <Box
                            aria-hidden
                            h={10}
                            bg="cyan.7"
                            style={{
                              borderRadius: 4,
                              width: `${(month.permitsSent / most) * 100}%`,
                              maxWidth: "12rem",
                            }}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
