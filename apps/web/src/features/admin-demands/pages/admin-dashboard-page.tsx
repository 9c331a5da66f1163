import { EmptyState, Paper, SimpleGrid } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { PendingAccountsCard } from "../components/pending-accounts-card";

/** Admin default page: what waits for a decision now; platform figures arrive with statistics. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("pages.dashboard")} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PendingAccountsCard />
        <Paper withBorder p="lg">
          <EmptyState
            icon={<IconChartBar aria-hidden />}
            variant="light"
            title={t("placeholder.title")}
            description={t("placeholder.statistics")}
          />
        </Paper>
      </SimpleGrid>
    </>
  );
}
