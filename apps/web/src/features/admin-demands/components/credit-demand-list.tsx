import { SimpleGrid } from "@mantine/core";
import type { TCreditDemand } from "@openpermit/shared";
import { useState } from "react";
import { EmptyData } from "../../../components/empty-data";
import { CreditDemandCard } from "./credit-demand-card";
import { DecideCreditDemandModal, type TPendingCreditDecision } from "./decide-credit-demand-modal";

/** Credits request cards (one column on phones) and the confirmation modal their buttons open. */
export function CreditDemandList({ demands }: { demands: TCreditDemand[] }) {
  const [pending, setPending] = useState<TPendingCreditDecision | null>(null);
  if (demands.length === 0) return <EmptyData />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {demands.map((demand) => (
          <CreditDemandCard
            key={demand.id}
            demand={demand}
            onDecide={(d, decision) => setPending({ demand: d, decision })}
          />
        ))}
      </SimpleGrid>
      <DecideCreditDemandModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
