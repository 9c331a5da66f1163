import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { TContractorProfile } from "@openpermit/shared";
import { IconArrowLeft, IconLinkOff, IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { CompanyCard } from "../../supplier-company/components/company-card";
import { useContractor } from "../api/get-contractor";
import { useReaffiliateContractor } from "../api/reaffiliate-contractor";
import { AffiliationHistory } from "../components/affiliation-history";
import { AffiliationStatusBadge } from "../components/affiliation-status-badge";
import { canEditContractors } from "../components/can-edit-contractors";
import { ComplianceBadge } from "../components/compliance-badge";
import { ContractorEmployees } from "../components/contractor-employees";
import { DetachDialog } from "../components/detach-dialog";

/** `suppliers/profile?id=`: one contractor's company, employees and affiliation history. */
export function ContractorProfilePage() {
  const { t } = useTranslation("contractors");
  const session = useSession();
  const [params] = useSearchParams();
  const id = params.get("id");
  const contractor = useContractor(id);
  const areaPath = `/${sessionArea(session) ?? ""}`;
  const listPath = `${areaPath}/suppliers`;
  const back = (
    <Anchor component={Link} to={listPath} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t("profile.back")}
      </Group>
    </Anchor>
  );

  // No id, a malformed one (400) or one the server does not show to this enterprise (404): "not listed".
  const notListed =
    !id || (isApiError(contractor.error) && (contractor.error.status === 404 || contractor.error.status === 400));
  const body = notListed ? (
    <Alert color="gray" variant="light" title={t("errors:CONTRACTOR_OR_COMPANY_NOT_LISTED")} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t("profile.notListedHelp")}</Text>
        {back}
      </Stack>
    </Alert>
  ) : (
    <QueryState query={contractor}>
      {(loaded) => (
        <ContractorDetails contractor={loaded} canEdit={canEditContractors(session.role)} areaPath={areaPath} />
      )}
    </QueryState>
  );

  return (
    <>
      <PageTitle title={contractor.data?.name ?? t("common:pages.contractorProfile")} />
      <Stack gap="md">
        {notListed ? null : back}
        {body}
      </Stack>
    </>
  );
}

interface TContractorDetailsProps {
  contractor: TContractorProfile;
  canEdit: boolean;
  /** The area's base path, e.g. `/enterprise`. */
  areaPath: string;
}

function ContractorDetails({ contractor, canEdit, areaPath }: TContractorDetailsProps) {
  const { t } = useTranslation("contractors");
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const describe = useErrorMessage();
  const reaffiliate = useReaffiliateContractor();
  const [detaching, setDetaching] = useState(false);
  const affiliated = contractor.affiliationStatus === "affiliated";

  // The re-invited contractor leaves the contractors until it accepts; the invitation is on the requests page.
  const sendInvitation = () =>
    reaffiliate.mutate(contractor.id, {
      onSuccess: () => {
        notifySuccess(t("reaffiliate.done"));
        void navigate(`${areaPath}/demand?view=all&direction=invitation`, { replace: true });
      },
      onError: (error) => notifyError(describe(error)),
    });

  return (
    <Stack gap="md">
      <CompanyCard
        name={contractor.name}
        email={contractor.email}
        phone={contractor.phone}
        address={contractor.address}
        website={contractor.website}
        logo={contractor.logo}
      >
        <Group justify="space-between" gap="sm" align="center">
          <Group gap="xs">
            <AffiliationStatusBadge status={contractor.affiliationStatus} />
            <Text fz="sm" c="dimmed">
              {t("profile.since", { date: formatDate(contractor.since) })}
            </Text>
            <ComplianceBadge compliance={contractor.compliance} />
          </Group>
          {canEdit && affiliated ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={() => setDetaching(true)}
            >
              {t("detach.open")}
            </Button>
          ) : null}
          {canEdit && !affiliated ? (
            <Stack gap={4} align="flex-end">
              <Button
                leftSection={<IconMailForward size={16} aria-hidden />}
                loading={reaffiliate.isPending}
                onClick={sendInvitation}
              >
                {t("reaffiliate.open")}
              </Button>
              <Text fz="xs" c="dimmed">
                {t("reaffiliate.help")}
              </Text>
            </Stack>
          ) : null}
        </Group>
      </CompanyCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ContractorEmployees employees={contractor.employees} />
        <AffiliationHistory events={contractor.history} />
      </SimpleGrid>
      <DetachDialog contractor={detaching ? contractor : null} onClose={() => setDetaching(false)} />
    </Stack>
  );
}
