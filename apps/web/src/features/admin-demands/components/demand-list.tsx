import { SimpleGrid } from "@mantine/core";
import type { TEnterpriseAccountDemand } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyData } from "../../../components/empty-data";
import type { TDecision } from "../api/decide-demand";
import { DecideDemandModal, type TPendingDecision } from "./decide-demand-modal";
import { DemandCard } from "./demand-card";

/** Request cards (one column on phones) and the confirmation modal their buttons open. */
export function DemandList({ demands }: { demands: TEnterpriseAccountDemand[] }) {
  const { t } = useTranslation("admin");
  const [pending, setPending] = useState<TPendingDecision | null>(null);
  if (demands.length === 0) return <EmptyData />;
  const decide = (demand: TEnterpriseAccountDemand, decision: TDecision) =>
    setPending({
      id: demand.id,
      decision,
      copy: {
        title: t(`demands.confirm.${decision}Title`),
        text: t(`demands.confirm.${decision}Text`, { name: demand.enterprise.name, email: demand.requester.email }),
        button: t(`demands.${decision}`),
        done: t(`demands.done.${decision}`, { name: demand.enterprise.name }),
      },
    });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {demands.map((demand) => (
          <DemandCard key={demand.id} demand={demand} onDecide={decide} />
        ))}
      </SimpleGrid>
      <DecideDemandModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
