import { SimpleGrid } from "@mantine/core";
import type { TAffiliationDemand, TAffiliationSide, TDemandAction } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDecideDemand } from "../api/decide-demand";
import { DecideDemandDialog, type TPendingDecision } from "./decide-demand-dialog";
import { DemandCard } from "./demand-card";

interface TDemandListProps {
  demands: TAffiliationDemand[];
  side: TAffiliationSide;
}

const isConflict = (error: unknown) => isApiError(error) && error.code === "CONFLICT";

/** The demand cards (one column on phones), their actions, and the confirmation of deny and cancel. */
export function DemandList({ demands, side }: TDemandListProps) {
  const { t } = useTranslation("demands");
  const describe = useErrorMessage();
  const decide = useDecideDemand();
  const [pending, setPending] = useState<TPendingDecision | null>(null);
  const busy = decide.isPending ? decide.variables : null;

  const approve = (demand: TAffiliationDemand) => {
    decide.mutate(
      { id: demand.id, action: "approve" },
      {
        onSuccess: () => notifySuccess(t("done.approve")),
        // Someone decided it first: say so; the list refreshes either way (the mutation settles it).
        onError: (error) => notifyError(isConflict(error) ? t("alreadyDecided") : describe(error)),
      },
    );
  };

  const onAction = (demand: TAffiliationDemand, action: TDemandAction) => {
    if (action === "approve") approve(demand);
    else setPending({ demand, action });
  };

  const confirmDecision = async ({ demand, action }: TPendingDecision, remark: string | undefined) => {
    try {
      await decide.mutateAsync({ id: demand.id, action, remark });
      notifySuccess(t(`done.${action}`));
    } catch (error) {
      // Decided meanwhile: nothing left to confirm, so the dialog closes on the refreshed list.
      if (!isConflict(error)) throw error;
      notifyError(t("alreadyDecided"));
    }
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" component="section" aria-label={t("card.list")}>
        {demands.map((demand) => (
          <DemandCard
            key={demand.id}
            demand={demand}
            side={side}
            busyAction={busy?.id === demand.id ? busy.action : null}
            onAction={onAction}
          />
        ))}
      </SimpleGrid>
      <DecideDemandDialog pending={pending} side={side} onDecide={confirmDecision} onClose={() => setPending(null)} />
    </>
  );
}
