import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TCreditDemand } from "@openpermit/shared";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TDecision } from "../api/decide-demand";
import { DemandStatusBadge } from "./demand-status-badge";
import { useFormatDateTime } from "./use-format-date";

interface TCreditDemandCardProps {
  demand: TCreditDemand;
  onDecide: (demand: TCreditDemand, decision: TDecision) => void;
}

/** One credits request: which enterprise, how many, who asked and why, and the decision buttons. */
export function CreditDemandCard({ demand, onDecide }: TCreditDemandCardProps) {
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
      data-testid="credit-demand-card"
      data-demand-id={demand.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: "anywhere" }}>
            <Anchor component={Link} to={`/admin/enterprises/profile?id=${encodeURIComponent(demand.enterprise.id)}`}>
              {demand.enterprise.name}
            </Anchor>
          </Title>
          <DemandStatusBadge status={demand.status} />
        </Group>
        <Text fz="xl" fw={700} data-testid="credit-demand-quantity">
          {t("creditDemands.quantity", { count: demand.quantity })}
        </Text>
        {demand.note ? (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {t("creditDemands.note", { note: demand.note })}
          </Text>
        ) : null}
        {requester ? (
          <Group gap="xs" wrap="wrap">
            <Text fz="sm">{t("demands.requestedBy", { name: requester.name })}</Text>
            <Anchor href={`mailto:${requester.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
              {requester.email}
            </Anchor>
          </Group>
        ) : null}
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
              aria-describedby={titleId}
            >
              {t("demands.deny")}
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onDecide(demand, "approve")}
              aria-describedby={titleId}
            >
              {t("demands.approve")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
