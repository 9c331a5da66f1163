import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { TAdminSupplierProfile } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { AffiliationStatusBadge } from "../../contractors/components/affiliation-status-badge";
import { ComplianceBadge } from "../../contractors/components/compliance-badge";
import { StandingBadge } from "../../worker-card/components/standing-badge";
import { enterpriseProfilePath } from "./enterprise-list";

type TPrincipal = TAdminSupplierProfile["principals"][number];

/** One principal: the affiliation, the badge it sees, and each of its document requirements with where it stands. */
function Principal({ principal }: { principal: TPrincipal }) {
  const { t } = useTranslation("adminCompanies");
  const formatDay = useFormatDate();
  return (
    <Paper withBorder p="md" data-testid="supplier-principal">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={enterpriseProfilePath(principal.enterprise.id)} fw={600}>
            {principal.enterprise.name}
          </Anchor>
          <Group gap="xs">
            <AffiliationStatusBadge status={principal.status} />
            <Text fz="xs" c="dimmed">
              {t("supplierProfile.since", { date: formatDay(principal.since) })}
            </Text>
          </Group>
        </Group>
        <ComplianceBadge compliance={principal.compliance} />
        {principal.documents.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t("supplierProfile.noDocuments")}
          </Text>
        ) : (
          // Three short columns that wrap: no sideways scrolling on a phone.
          <Table fz="sm" verticalSpacing={4}>
            <Table.Caption>{t("supplierProfile.documentsCaption", { name: principal.enterprise.name })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("supplierProfile.document")}</Table.Th>
                <Table.Th>{t("supplierProfile.standing")}</Table.Th>
                <Table.Th>{t("supplierProfile.validUntil")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {principal.documents.map((document) => (
                <Table.Tr key={document.requirement} data-testid="supplier-document">
                  <Table.Td>
                    {document.requirement}
                    {document.required ? (
                      <Text span fz="xs" c="dimmed">
                        {` · ${t("supplierProfile.required")}`}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <StandingBadge standing={document.standing} />
                  </Table.Td>
                  {/* A calendar day, as the server keeps it: no time zone can move it. */}
                  <Table.Td>{document.validUntil ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** Every principal the contractor dealt with, latest first, each with its compliance there. */
export function SupplierPrincipals({ supplier }: { supplier: TAdminSupplierProfile }) {
  const { t } = useTranslation("adminCompanies");
  return (
    <Stack gap="sm" component="section" aria-labelledby="supplier-principals">
      <Title order={2} fz="h3" id="supplier-principals">
        {t("supplierProfile.principals")}
      </Title>
      {supplier.principals.length === 0 ? (
        <Text c="dimmed" data-testid="supplier-no-principal">
          {t("supplierProfile.noPrincipal")}
        </Text>
      ) : (
        supplier.principals.map((principal) => <Principal key={principal.enterprise.id} principal={principal} />)
      )}
    </Stack>
  );
}
