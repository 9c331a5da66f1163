import { SimpleGrid } from "@mantine/core";
import type { TEnterpriseAccountDemand } from "@openpermit/shared";
import { useState } from "react";
import { EmptyData } from "../../../components/empty-data";
import { DecideDemandModal, type TPendingDecision } from "./decide-demand-modal";
import { DemandCard } from "./demand-card";

/** Request cards (one column on phones) and the confirmation modal their buttons open. */
export function DemandList({ demands }: { demands: TEnterpriseAccountDemand[] }) {
  const [pending, setPending] = useState<TPendingDecision | null>(null);
  if (demands.length === 0) return <EmptyData />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {demands.map((demand) => (
          <DemandCard key={demand.id} demand={demand} onDecide={(d, decision) => setPending({ demand: d, decision })} />
        ))}
      </SimpleGrid>
      <DecideDemandModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
