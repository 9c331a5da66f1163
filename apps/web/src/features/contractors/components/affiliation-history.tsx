import { Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { TAffiliationEvent } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { AffiliationStatusBadge } from "./affiliation-status-badge";

/** Every change of the affiliation, newest first (as the server sends it): status, when, who, and why. */
export function AffiliationHistory({ events }: { events: TAffiliationEvent[] }) {
  const { t } = useTranslation("contractors");
  const formatDateTime = useFormatDateTime();
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="affiliation-history">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="affiliation-history">
          {t("profile.historyTitle")}
        </Title>
        {events.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t("profile.noHistory")}
          </Text>
        ) : (
          <List listStyleType="none" spacing="sm" data-testid="affiliation-history">
            {events.map((event) => (
              <List.Item key={event.id}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <AffiliationStatusBadge status={event.status} />
                    <Text fz="sm" component="time" dateTime={event.at}>
                      {formatDateTime(event.at)}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {t("profile.by", { name: event.actor?.name ?? t("profile.deletedAccount") })}
                    </Text>
                  </Group>
                  {event.remark ? (
                    <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                      {t("profile.remark", { remark: event.remark })}
                    </Text>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
