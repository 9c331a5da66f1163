import { Paper, Stack, Text, Title } from "@mantine/core";
import type { TAdminEnterpriseDivision } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useEnterpriseDivisions } from "../api/enterprise-details";

export const DETAILS_PAGE_SIZE = 10;

const addressOf = (d: TAdminEnterpriseDivision) =>
  [d.address, [d.postalCode, d.province].filter(Boolean).join(" "), d.country].filter(Boolean).join(", ");

/** The enterprise's divisions: where they are, how many live sectors and managers each has. */
export function EnterpriseDivisions({ enterpriseId }: { enterpriseId: string }) {
  const { t } = useTranslation("adminCompanies");
  const [page, setPage] = useState(1);
  const divisions = useEnterpriseDivisions(enterpriseId, page, DETAILS_PAGE_SIZE);
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="enterprise-divisions">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="enterprise-divisions">
          {t("details.divisions")}
        </Title>
        <PagedTable<TAdminEnterpriseDivision>
          query={divisions}
          page={page}
          pageSize={DETAILS_PAGE_SIZE}
          onPageChange={setPage}
          empty={<Text c="dimmed">{t("details.noDivisions")}</Text>}
          rowKey={(row) => row.id}
          rowTestId="enterprise-division-row"
          caption={t("details.divisions")}
          titleOrder={3}
          primary={{ header: t("fields.name"), render: (row) => row.name }}
          columns={[
            { key: "address", header: t("fields.address"), render: addressOf },
            { key: "sectors", header: t("details.sectors"), render: (row) => row.sectorCount },
            { key: "managers", header: t("fields.managers"), render: (row) => row.managerCount },
          ]}
        />
      </Stack>
    </Paper>
  );
}
