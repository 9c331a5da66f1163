import { SimpleGrid } from "@mantine/core";
import type { TCreditDemand } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyData } from "../../../components/empty-data";
import type { TDecision } from "../api/decide-demand";
import { CreditDemandCard } from "./credit-demand-card";
import { DecideDemandModal, type TPendingDecision } from "./decide-demand-modal";

/**
 * Credits request cards (one column on phones) and the confirmation modal their buttons open: an approval records
 * the purchase ("Record a purchase of N credits for X?"), a denial says why.
 */
export function CreditDemandList({ demands }: { demands: TCreditDemand[] }) {
  const { t } = useTranslation("admin");
  const [pending, setPending] = useState<TPendingDecision | null>(null);
  if (demands.length === 0) return <EmptyData />;
  const decide = (demand: TCreditDemand, decision: TDecision) => {
    const names = { count: demand.quantity, name: demand.enterprise.name };
    setPending({
      id: demand.id,
      decision,
      copy: {
        title: t(`creditDemands.confirm.${decision}Title`),
        text: t(`creditDemands.confirm.${decision}Text`, names),
        button: t(`creditDemands.confirm.${decision}Button`),
        done: t(`creditDemands.done.${decision}`, names),
      },
    });
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {demands.map((demand) => (
          <CreditDemandCard key={demand.id} demand={demand} onDecide={decide} />
        ))}
      </SimpleGrid>
      <DecideDemandModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
