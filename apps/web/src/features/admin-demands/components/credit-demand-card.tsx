import { Anchor, Group, Text } from "@mantine/core";
import type { TCreditDemand } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TDecision } from "../api/decide-demand";
import { DemandCardFrame } from "./demand-card-frame";

interface TCreditDemandCardProps {
  demand: TCreditDemand;
  onDecide: (demand: TCreditDemand, decision: TDecision) => void;
}

/** One credits request: which enterprise, how many, who asked and why, and the decision buttons. */
export function CreditDemandCard({ demand, onDecide }: TCreditDemandCardProps) {
  const { t } = useTranslation("admin");
  const { requester } = demand;
  return (
    <DemandCardFrame
      demand={demand}
      title={
        <Anchor component={Link} to={`/admin/enterprises/profile?id=${encodeURIComponent(demand.enterprise.id)}`}>
          {demand.enterprise.name}
        </Anchor>
      }
      testId="credit-demand-card"
      onDecide={(decision) => onDecide(demand, decision)}
    >
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
    </DemandCardFrame>
  );
}
