import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import type { TAdminEnterpriseUser } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useEnterpriseUsers } from "../api/enterprise-details";
import { CompanyStatusBadge } from "./company-status-badge";
import { DETAILS_PAGE_SIZE } from "./enterprise-divisions";

/** The enterprise's people (company accounts, on-site and permit managers) and when each last signed in. */
export function EnterprisePeople({ enterpriseId }: { enterpriseId: string }) {
  const { t } = useTranslation("adminCompanies");
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const users = useEnterpriseUsers(enterpriseId, page, DETAILS_PAGE_SIZE);
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="enterprise-people">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="enterprise-people">
          {t("details.people")}
        </Title>
        <PagedTable<TAdminEnterpriseUser>
          query={users}
          page={page}
          pageSize={DETAILS_PAGE_SIZE}
          onPageChange={setPage}
          empty={<Text c="dimmed">{t("profile.noAccounts")}</Text>}
          rowKey={(row) => row.id}
          rowTestId="enterprise-person-row"
          caption={t("details.people")}
          titleOrder={3}
          primary={{ header: t("fields.fullName"), render: (row) => row.name }}
          columns={[
            { key: "role", header: t("details.role"), render: (row) => t(`common:roles.${row.role}`) },
            {
              key: "status",
              header: t("fields.status"),
              render: (row) => <CompanyStatusBadge status={row.status} />,
            },
            {
              key: "email",
              header: t("fields.email"),
              render: (row) => (
                <Anchor href={`mailto:${row.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
                  {row.email}
                </Anchor>
              ),
            },
            { key: "division", header: t("details.division"), render: (row) => row.division?.name ?? "—" },
            {
              key: "lastSignIn",
              header: t("details.lastSignIn"),
              render: (row) => (row.lastSignInAt ? formatDateTime(row.lastSignInAt) : t("details.never")),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
