import { Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmptyData } from "../../../components/empty-data";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useDemands } from "../api/list-demands";

const PREVIEW_SIZE = 5;

/** The dashboard's short list of enterprise accounts waiting for a decision. */
export function PendingAccountsCard() {
  const { t } = useTranslation("admin");
  const formatDateTime = useFormatDateTime();
  const demands = useDemands({ status: "pending", page: 1, pageSize: PREVIEW_SIZE });
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="pending-accounts">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h3" id="pending-accounts">
            {t("pendingCard.title")}
          </Title>
          {demands.data ? (
            <Badge size="lg" variant={demands.data.total > 0 ? "filled" : "default"} color="yellow">
              {demands.data.total}
            </Badge>
          ) : null}
        </Group>
        {demands.isPending ? (
          <Loader size="sm" aria-label={t("common:loading")} />
        ) : demands.error ? (
          <ApiErrorAlert error={demands.error} />
        ) : demands.data.data.length === 0 ? (
          <EmptyData />
        ) : (
          <List spacing="xs" listStyleType="none">
            {demands.data.data.map((demand) => (
              <List.Item key={demand.id}>
                <Text fw={500}>{demand.enterprise.name}</Text>
                <Text fz="sm" c="dimmed">
                  {demand.requester.name} · {formatDateTime(demand.createdAt)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} to="/admin/demands?status=pending" fw={500}>
          {t("pendingCard.seeAll")}
        </Anchor>
      </Stack>
    </Paper>
  );
}
