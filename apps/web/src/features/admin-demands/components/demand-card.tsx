import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TEnterpriseAccountDemand } from "@openpermit/shared";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TDecision } from "../api/decide-demand";
import { DemandStatusBadge } from "./demand-status-badge";
import { useFormatDateTime } from "./use-format-date";

interface TDemandCardProps {
  demand: TEnterpriseAccountDemand;
  onDecide: (demand: TEnterpriseAccountDemand, decision: TDecision) => void;
}

/** One enterprise-account request: who asks, for which company, when, and the decision buttons. */
export function DemandCard({ demand, onDecide }: TDemandCardProps) {
  const { t } = useTranslation("admin");
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  const { requester } = demand;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="demand-card"
      data-demand-id={demand.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: "anywhere" }}>
            {demand.enterprise.name}
          </Title>
          <DemandStatusBadge status={demand.status} />
        </Group>
        <Stack gap={2}>
          <Text fz="sm">{t("demands.requestedBy", { name: requester.name })}</Text>
          <Group gap="xs" wrap="wrap">
            <Anchor href={`mailto:${requester.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
              {requester.email}
            </Anchor>
            {requester.phone ? (
              <Anchor href={`tel:${requester.phone.replace(/[^+0-9]/g, "")}`} fz="sm" c="dimmed">
                {requester.phone}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        <Text fz="sm" c="dimmed">
          {t("demands.requestedOn", { date: formatDateTime(demand.createdAt) })}
          {demand.decidedAt ? ` · ${t("demands.decidedOn", { date: formatDateTime(demand.decidedAt) })}` : null}
        </Text>
        {demand.remark ? <Text fz="sm">{t("demands.remarkValue", { remark: demand.remark })}</Text> : null}
        {demand.status === "pending" ? (
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => onDecide(demand, "deny")}
            >
              {t("demands.deny")}
            </Button>
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => onDecide(demand, "approve")}>
              {t("demands.approve")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
