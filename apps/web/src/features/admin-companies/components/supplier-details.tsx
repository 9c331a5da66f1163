import { Anchor, DataList, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { TAdminSupplierProfile } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { DetailsRow } from "../../../components/details-row";
import { FigureTile } from "../../../components/figure-tile";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { safeWebsiteHref } from "../../supplier-company/components/company-card";
import { CompanyAccessButton } from "./company-access-button";
import { CompanyStatusBadge } from "./company-status-badge";

/** The contractor's company and counts, with what the admin can do (disable or enable it with all its people). */
export function SupplierDetails({ supplier }: { supplier: TAdminSupplierProfile }) {
  const { t } = useTranslation("adminCompanies");
  const formatDay = useFormatDate();
  const website = safeWebsiteHref(supplier.website);
  const notGiven = (
    <Text span c="dimmed" fz="sm">
      {t("profile.notGiven")}
    </Text>
  );
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="supplier-details">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h3" id="supplier-details">
            {t("profile.details")}
          </Title>
          <CompanyStatusBadge status={supplier.status} />
        </Group>
        <DataList labelWidth="8rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
          <DetailsRow label={t("fields.email")}>
            <Anchor href={`mailto:${supplier.email}`}>{supplier.email}</Anchor>
          </DetailsRow>
          <DetailsRow label={t("fields.phone")}>{supplier.phone ?? notGiven}</DetailsRow>
          <DetailsRow label={t("fields.address")}>{supplier.address ?? notGiven}</DetailsRow>
          <DetailsRow label={t("fields.website")}>
            {website ? (
              <Anchor href={website} target="_blank" rel="noopener noreferrer">
                {supplier.website}
              </Anchor>
            ) : (
              (supplier.website ?? notGiven)
            )}
          </DetailsRow>
          <DetailsRow label={t("fields.since")}>{formatDay(supplier.createdAt)}</DetailsRow>
        </DataList>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <FigureTile label={t("fields.employees")} value={supplier.employeeCount} size="xl" />
          <FigureTile label={t("fields.affiliations")} value={supplier.affiliationCount} size="xl" />
        </SimpleGrid>
        <Group justify="flex-end">
          <CompanyAccessButton kind="supplier" company={supplier} size="sm" />
        </Group>
      </Stack>
    </Paper>
  );
}
