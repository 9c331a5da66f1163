import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { TEnterpriseAccountDemand } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import type { TDecision } from "../api/decide-demand";
import { DemandCardFrame } from "./demand-card-frame";

interface TDemandCardProps {
  demand: TEnterpriseAccountDemand;
  onDecide: (demand: TEnterpriseAccountDemand, decision: TDecision) => void;
}

/** One enterprise-account request: who asks, for which company, when, and the decision buttons. */
export function DemandCard({ demand, onDecide }: TDemandCardProps) {
  const { t } = useTranslation("admin");
  const { requester } = demand;
  return (
    <DemandCardFrame
      demand={demand}
      title={demand.enterprise.name}
      testId="demand-card"
      onDecide={(decision) => onDecide(demand, decision)}
    >
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
    </DemandCardFrame>
  );
}
