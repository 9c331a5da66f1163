import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconInfoCircle, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { useSupplierCompany } from "../api/get-supplier-company";
import { CompanyCard } from "../components/company-card";
import { COMPANY_ANCHOR } from "../components/company-section";

/** `/supplier/profile/external`: the company as principals see it, with the way to change it. */
export function SupplierExternalProfilePage() {
  const { t } = useTranslation("company");
  const company = useSupplierCompany();
  const editLink = (
    <Button
      component={Link}
      to={`/supplier/profile#${COMPANY_ANCHOR}`}
      variant="light"
      leftSection={<IconPencil size={16} aria-hidden />}
    >
      {t("external.edit")}
    </Button>
  );
  return (
    <>
      <PageTitle title={t("common:pages.companyPage")} description={t("external.description")} />
      <QueryState query={company}>
        {(loaded) => (
          <Stack gap="md" maw={720}>
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
              {t("external.explanation")}
            </Alert>
            <CompanyCard {...loaded} />
            <Group justify="flex-end">{editLink}</Group>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
