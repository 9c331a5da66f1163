import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TDemandStatus } from "@openpermit/shared";
import { IconCheck, IconX } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import type { TDecision } from "../api/decide-demand";
import { DemandStatusBadge } from "./demand-status-badge";

interface TDemandCardFrameProps {
  demand: { id: string; status: TDemandStatus; createdAt: string; decidedAt: string | null; remark: string | null };
  title: ReactNode;
  testId: string;
  onDecide: (decision: TDecision) => void;
  /** What this kind of request says between its title and its dates. */
  children: ReactNode;
}

/** What every request the admin decides shows: its title and status, its dates, the answer, the decision buttons. */
export function DemandCardFrame({ demand, title, testId, onDecide, children }: TDemandCardFrameProps) {
  const { t } = useTranslation("admin");
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid={testId}
      data-demand-id={demand.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          <DemandStatusBadge status={demand.status} />
        </Group>
        {children}
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
              onClick={() => onDecide("deny")}
              aria-describedby={titleId}
            >
              {t("demands.deny")}
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onDecide("approve")}
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
