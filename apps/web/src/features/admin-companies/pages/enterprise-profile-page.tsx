import { Anchor, Group, Stack } from "@mantine/core";
import { ZIdSchema } from "@openpermit/shared";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { isApiError } from "../../../lib/api/api-error";
import { CreditsSection } from "../../credits/components/credits-section";
import { RecordPurchaseButton } from "../../credits/components/purchase-credits-dialog";
import { useAdminEnterprise } from "../api/get-enterprise";
import { EnterpriseActivity } from "../components/enterprise-activity";
import { EnterpriseDetails } from "../components/enterprise-details";
import { EnterpriseDivisions } from "../components/enterprise-divisions";
import { EnterprisePeople } from "../components/enterprise-people";

const LIST_PATH = "/admin/enterprises";

/** The enterprise to show: `?id=` when it is an id at all (anything else cannot exist). */
export function enterpriseIdParam(value: string | null): string | null {
  return ZIdSchema.safeParse(value).success ? value : null;
}

/**
 * `/admin/enterprises/profile?id=`: details and counts, the decision on a pending account, its divisions, its people
 * with their last sign-in, the permit credits with the purchases the admin records, and its activity.
 */
export function AdminEnterpriseProfilePage() {
  const { t } = useTranslation("adminCompanies");
  const [params] = useSearchParams();
  const id = enterpriseIdParam(params.get("id"));
  const enterprise = useAdminEnterprise(id);
  const notFound = id === null || (isApiError(enterprise.error) && enterprise.error.status === 404);

  const backLink = (
    <Anchor component={Link} to={LIST_PATH} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t("profile.back")}
      </Group>
    </Anchor>
  );

  if (notFound) {
    return (
      <>
        <PageTitle title={t("common:pages.enterpriseProfile")} />
        <NextStep
          testId="not-found"
          title={t("profile.notFound")}
          description={t("profile.notFoundText")}
          link={{ to: LIST_PATH, label: t("profile.back") }}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle
        title={enterprise.data?.name ?? t("common:pages.enterpriseProfile")}
        description={enterprise.data ? t("common:pages.enterpriseProfile") : undefined}
        actions={backLink}
      />
      <QueryState query={enterprise}>
        {(loaded) => (
          <Stack gap="lg">
            <EnterpriseDetails enterprise={loaded} />
            <EnterpriseDivisions enterpriseId={loaded.id} />
            <EnterprisePeople enterpriseId={loaded.id} />
            <CreditsSection
              owner={{ kind: "enterprise", enterpriseId: loaded.id }}
              withLedger
              action={<RecordPurchaseButton enterpriseId={loaded.id} enterpriseName={loaded.name} />}
            />
            <EnterpriseActivity enterpriseId={loaded.id} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
