import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TAffiliationDemand, TAffiliationSide, TDemandAction } from "@openpermit/shared";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { CompanyPageButton } from "../../enterprise-company/components/company-page-button";
import { otherCompanyName } from "./demand-side";
import { DemandStatusBadge } from "./demand-status-badge";
import { MissingDocuments } from "./missing-documents";

interface TDemandCardProps {
  demand: TAffiliationDemand;
  side: TAffiliationSide;
  /** The action being sent for this demand (its button spins). */
  busyAction: TDemandAction | null;
  onAction: (demand: TAffiliationDemand, action: TDemandAction) => void;
}

type TActor = TAffiliationDemand["requestedBy"];

/** One affiliation demand: the other company, its e-mail, which way it goes, when, who, and what the caller may do. */
export function DemandCard({ demand, side, busyAction, onAction }: TDemandCardProps) {
  const { t } = useTranslation("demands");
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  const companyName = otherCompanyName(demand, side);
  const who = (actor: TActor) => t("card.by", { name: actor?.name ?? t("card.deletedAccount") });
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="demand-row"
      data-id={demand.id}
      data-status={demand.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {companyName}
          </Title>
          <DemandStatusBadge status={demand.status} />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={demand.direction === "invitation" ? "blue" : "grape"} radius="sm">
            {t(`direction.${side}.${demand.direction}`)}
          </Badge>
          <Anchor href={`mailto:${demand.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
            {demand.email}
          </Anchor>
        </Group>
        <Text fz="sm" c="dimmed">
          {t("card.created", { date: formatDateTime(demand.createdAt) })} {who(demand.requestedBy)}
        </Text>
        {demand.decidedAt ? (
          <Text fz="sm" c="dimmed">
            {t("card.decided", { date: formatDateTime(demand.decidedAt) })} {who(demand.decidedBy)}
          </Text>
        ) : null}
        {demand.remark ? (
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {t("card.remark", { remark: demand.remark })}
          </Text>
        ) : null}
        {demand.missingDocuments.length > 0 ? <MissingDocuments gaps={demand.missingDocuments} /> : null}
        {side === "supplier" && demand.status === "approved" ? (
          // An approved request makes the supplier one of the enterprise's contractors: its page is open to it.
          <Group gap="xs" justify="flex-end">
            <CompanyPageButton enterprise={demand.enterprise} />
          </Group>
        ) : null}
        {demand.actions.length > 0 ? (
          <Group gap="xs" justify="flex-end">
            {demand.actions.map((action) => (
              <Button
                key={action}
                variant={action === "approve" ? "filled" : "default"}
                leftSection={
                  action === "approve" ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />
                }
                loading={busyAction === action}
                disabled={busyAction !== null && busyAction !== action}
                onClick={() => onAction(demand, action)}
              >
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
