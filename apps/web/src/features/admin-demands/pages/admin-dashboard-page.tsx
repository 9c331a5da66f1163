import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { PendingAccountsCard } from "../components/pending-accounts-card";
import { PlatformFigures } from "../components/platform-figures";

/** Admin default page: the platform's figures, each opening its list, and the accounts waiting for a decision. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("pages.dashboard")} />
      <Stack gap="xl">
        <PlatformFigures />
        <PendingAccountsCard />
      </Stack>
    </>
  );
}
