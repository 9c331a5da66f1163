import { Anchor, Group, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { isApiError } from "../../../lib/api/api-error";
import { useAdminSupplier } from "../api/get-supplier";
import { SupplierDetails } from "../components/supplier-details";
import { SupplierPrincipals } from "../components/supplier-principals";
import { enterpriseIdParam } from "./enterprise-profile-page";

const LIST_PATH = "/admin/suppliers";

/**
 * `/admin/suppliers/profile?id=`: a contractor as the admin supports it — its company and counts, disabling or
 * enabling it, and every principal it dealt with, with where its company documents stand there.
 */
export function AdminSupplierProfilePage() {
  const { t } = useTranslation("adminCompanies");
  const [params] = useSearchParams();
  const id = enterpriseIdParam(params.get("id"));
  const supplier = useAdminSupplier(id);
  const notFound = id === null || (isApiError(supplier.error) && supplier.error.status === 404);

  const backLink = (
    <Anchor component={Link} to={LIST_PATH} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t("supplierProfile.back")}
      </Group>
    </Anchor>
  );

  if (notFound) {
    return (
      <>
        <PageTitle title={t("common:pages.contractorProfile")} />
        <NextStep
          testId="not-found"
          title={t("supplierProfile.notFound")}
          description={t("supplierProfile.notFoundText")}
          link={{ to: LIST_PATH, label: t("supplierProfile.back") }}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle
        title={supplier.data?.name ?? t("common:pages.contractorProfile")}
        description={supplier.data ? t("common:pages.contractorProfile") : undefined}
        actions={backLink}
      />
      <QueryState query={supplier}>
        {(loaded) => (
          <Stack gap="lg">
            <SupplierDetails supplier={loaded} />
            <SupplierPrincipals supplier={loaded} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
