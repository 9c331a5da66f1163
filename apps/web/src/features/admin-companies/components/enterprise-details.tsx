import { Anchor, DataList, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { TAdminEnterpriseProfile } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { DetailsRow } from "../../../components/details-row";
import { FigureTile } from "../../../components/figure-tile";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { safeWebsiteHref } from "../../supplier-company/components/company-card";
import { CompanyAccessButton } from "./company-access-button";
import { CompanyStatusBadge } from "./company-status-badge";
import { EnterpriseDecision } from "./enterprise-decision";

function Count({ label, value }: { label: string; value: number }) {
  return <FigureTile label={label} value={value} size="xl" />;
}

/** The enterprise's details and counts, with what the admin can do now (decide a pending demand, disable). */
export function EnterpriseDetails({ enterprise }: { enterprise: TAdminEnterpriseProfile }) {
  const { t } = useTranslation("adminCompanies");
  const formatDay = useFormatDate();
  const website = safeWebsiteHref(enterprise.website);
  const notGiven = (
    <Text span c="dimmed" fz="sm">
      {t("profile.notGiven")}
    </Text>
  );
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="enterprise-details">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h3" id="enterprise-details">
            {t("profile.details")}
          </Title>
          <CompanyStatusBadge status={enterprise.status} />
        </Group>
        {enterprise.pendingDemandId ? (
          <Stack gap="xs">
            <Text fz="sm">{t("profile.pendingHelp")}</Text>
            <EnterpriseDecision enterprise={enterprise} />
          </Stack>
        ) : null}
        <DataList labelWidth="8rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
          <DetailsRow label={t("fields.email")}>
            <Anchor href={`mailto:${enterprise.email}`}>{enterprise.email}</Anchor>
          </DetailsRow>
          <DetailsRow label={t("fields.phone")}>{enterprise.phone ?? notGiven}</DetailsRow>
          <DetailsRow label={t("fields.address")}>{enterprise.address ?? notGiven}</DetailsRow>
          <DetailsRow label={t("fields.website")}>
            {website ? (
              <Anchor href={website} target="_blank" rel="noopener noreferrer">
                {enterprise.website}
              </Anchor>
            ) : (
              (enterprise.website ?? notGiven)
            )}
          </DetailsRow>
          <DetailsRow label={t("fields.since")}>{formatDay(enterprise.createdAt)}</DetailsRow>
        </DataList>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Count label={t("fields.divisions")} value={enterprise.divisionCount} />
          <Count label={t("fields.managers")} value={enterprise.managerCount} />
          <Count label={t("fields.contractors")} value={enterprise.contractorCount} />
        </SimpleGrid>
        {enterprise.pendingDemandId ? null : (
          <Group justify="flex-end">
            <CompanyAccessButton kind="enterprise" company={enterprise} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
