import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { type TCreditOwner, useCreditSummary } from "../api/credits";
import { CreditDemandList } from "./credit-demand-list";
import { CreditSummaryCard } from "./credit-summary-card";
import { CreditTransactions } from "./credit-transactions";
import { RequestCreditsButton } from "./request-credits-dialog";

export const CREDITS_ANCHOR = "permit-credits";

interface TCreditsSectionProps {
  owner: TCreditOwner;
  /** The ledger: the admin and the Enterprise account; an enterprise's managers see the summary only. */
  withLedger: boolean;
  /** Under the title (the enterprise is told where credits come from). */
  help?: string;
  /** Next to the title (the admin's "Record a purchase"). */
  action?: ReactNode;
  /** The Enterprise account asks the admin for credits here and follows its requests. */
  withRequests?: boolean;
}

/** "Permit credits": the balance, for the Enterprise account its requests for more, and for those allowed the ledger. */
export function CreditsSection({ owner, withLedger, help, action, withRequests = false }: TCreditsSectionProps) {
  const { t } = useTranslation("credits");
  const summary = useCreditSummary(owner);
  return (
    <ProfileSection anchor={CREDITS_ANCHOR} titleId="permit-credits-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Stack gap={4} style={{ flex: "1 1 16rem", minWidth: 0 }}>
            <Title order={2} fz="h3" id="permit-credits-title">
              {t("title")}
            </Title>
            {help ? (
              <Text fz="sm" c="dimmed">
                {help}
              </Text>
            ) : null}
          </Stack>
          {action ?? (withRequests ? <RequestCreditsButton /> : null)}
        </Group>
        <QueryState query={summary}>
          {(loaded) => <CreditSummaryCard summary={loaded} canRequest={withRequests} />}
        </QueryState>
        {withRequests ? <CreditDemandList /> : null}
        {withLedger ? <CreditTransactions owner={owner} /> : null}
      </Stack>
    </ProfileSection>
  );
}
