import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import type { TAdminEnterpriseProfile } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../components/responsive-table";
import { CompanyStatusBadge } from "./company-status-badge";

type TAccount = TAdminEnterpriseProfile["accounts"][number];

/** The enterprise's own accounts (role Enterprise). */
export function EnterpriseAccounts({ accounts }: { accounts: TAccount[] }) {
  const { t } = useTranslation("adminCompanies");
  return (
    <Stack gap="sm" component="section" aria-labelledby="enterprise-accounts">
      <Title order={2} fz="h3" id="enterprise-accounts">
        {t("profile.accounts")}
      </Title>
      {accounts.length === 0 ? (
        <Paper withBorder p="md">
          <Text c="dimmed">{t("profile.noAccounts")}</Text>
        </Paper>
      ) : (
        <ResponsiveTable
          rows={accounts}
          rowKey={(account) => account.id}
          rowTestId="enterprise-account-row"
          caption={t("profile.accounts")}
          titleOrder={3}
          primary={{ header: t("fields.fullName"), render: (account) => account.name }}
          columns={[
            {
              key: "email",
              header: t("fields.email"),
              render: (account) => (
                <Anchor href={`mailto:${account.email}`} fz="sm">
                  {account.email}
                </Anchor>
              ),
            },
            { key: "phone", header: t("fields.phone"), render: (account) => account.phone ?? "—" },
            {
              key: "status",
              header: t("fields.status"),
              render: (account) => <CompanyStatusBadge status={account.status} />,
            },
          ]}
        />
      )}
    </Stack>
  );
}
