import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TCreditDemand } from "@openpermit/shared";
import { IconX } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPagination } from "../../../components/list-pagination";
import { QueryState } from "../../../components/query-state";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { notifySuccess } from "../../../lib/notify";
import { useCancelCreditDemand, useCreditDemands } from "../api/credit-demands";

export const CREDIT_DEMANDS_PAGE_SIZE = 5;

const COLORS = { pending: "yellow", approved: "teal", denied: "red", cancelled: "gray" } as const;

function CreditDemandItem({ demand, onCancel }: { demand: TCreditDemand; onCancel: (demand: TCreditDemand) => void }) {
  const { t } = useTranslation("credits");
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  return (
    <Paper withBorder p="sm" component="li" aria-labelledby={titleId} data-testid="credit-demand">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={titleId}>
            {t("requests.quantity", { count: demand.quantity })}
          </Text>
          <Badge variant="dot" color={COLORS[demand.status]}>
            {t(`requests.status.${demand.status}`)}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {t("requests.requestedOn", { date: formatDateTime(demand.createdAt) })}
          {demand.decidedAt ? ` · ${t("requests.decidedOn", { date: formatDateTime(demand.decidedAt) })}` : null}
        </Text>
        {demand.note ? (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {t("requests.note", { note: demand.note })}
          </Text>
        ) : null}
        {demand.remark ? (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {t(demand.status === "denied" ? "requests.reason" : "requests.remark", { remark: demand.remark })}
          </Text>
        ) : null}
        {demand.status === "pending" ? (
          <Group justify="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onCancel(demand)}
              aria-describedby={titleId}
            >
              {t("requests.cancel")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface TCreditDemandListProps {
  headingOrder?: 2 | 3;
  headingId?: string;
  /** Next to the title (the demand page's "Request credits"). */
  action?: ReactNode;
}

/** The enterprise's credits requests, newest first, with "Withdraw" on the pending one (after a confirmation). */
export function CreditDemandList({ headingOrder = 3, headingId, action }: TCreditDemandListProps) {
  const { t } = useTranslation("credits");
  const [page, setPage] = useState(1);
  const demands = useCreditDemands(page, CREDIT_DEMANDS_PAGE_SIZE);
  const cancel = useCancelCreditDemand();
  const [cancelling, setCancelling] = useState<TCreditDemand | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Title order={headingOrder} fz={headingOrder === 2 ? "h3" : "h4"} id={headingId}>
          {t("requests.title")}
        </Title>
        {action}
      </Group>
      <QueryState
        query={demands}
        empty={
          <Paper withBorder p="md">
            <Text c="dimmed">{t("requests.empty")}</Text>
          </Paper>
        }
      >
        {(loaded) => (
          <>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
              {loaded.data.map((demand) => (
                <CreditDemandItem key={demand.id} demand={demand} onCancel={setCancelling} />
              ))}
            </Stack>
            <ListPagination total={loaded.total} pageSize={CREDIT_DEMANDS_PAGE_SIZE} page={page} onChange={setPage} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        opened={cancelling !== null}
        title={t("requests.confirmTitle")}
        confirmLabel={t("requests.cancel")}
        danger
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          if (!cancelling) return;
          await cancel.mutateAsync(cancelling.id);
          notifySuccess(t("requests.cancelled"));
        }}
      >
        {cancelling ? t("requests.confirmText", { count: cancelling.quantity }) : null}
      </ConfirmDialog>
    </Stack>
  );
}
