import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { isContractorArea, permitPaths } from "@openpermit/shared";
import { IconLockAccess, IconRefreshAlert } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { PermitIsolations } from "../../isolations/components/permit-isolations";
import { ComplianceLapseBanner } from "./compliance-lapse-banner";
import { PermitActions } from "./permit-actions";
import { PermitClashes } from "./permit-clashes";
import { PermitCrew } from "./permit-crew";
import { PermitDetails } from "./permit-details";
import { PermitHistory } from "./permit-history";
import { PermitLocation } from "./permit-location";
import { PermitShift } from "./permit-shift";
import { PermitSignatures } from "./permit-signatures";
import { PermitStatusBadge } from "./permit-status-badge";
import { PermitSuspensionBanner } from "./permit-suspension-banner";

// Only permits whose work type requires gas tests show them: their section loads when one does.
const PermitGasTests = lazy(() => import("./permit-gas-tests").then((m) => ({ default: m.PermitGasTests })));

/** The permit page: number, status, every field, the actions the caller may take, and the history. */
export function PermitView({ permit, onReload }: { permit: TPermit; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation("permits");
  const session = useSession();
  const area = sessionArea(session);
  const paths = permitPaths(area);
  const navigate = useNavigate();
  const [changed, setChanged] = useState(false);
  // Principal staff edit only internal permits (a contractor's draft is its own to change).
  const editPath = !permit.canEdit
    ? null
    : isContractorArea(area)
      ? paths.edit(permit.id)
      : permit.internal
        ? paths.internalEdit(permit.id)
        : null;

  return (
    <>
      <PageTitle
        title={permit.taskTitle}
        description={
          <Group gap="xs" component="span">
            <Text span fw={600} data-testid="permit-number">
              {permit.documentNumber ?? t("draft")}
            </Text>
            <PermitStatusBadge
              status={permit.status}
              overdue={permit.overdue}
              expired={permit.expired}
              awaitingHandBack={permit.awaitingHandBack}
              suspended={permit.suspension !== null}
              gasRetestDue={permit.gasTest?.overdue === true}
              complianceLapsed={permit.complianceLapse !== null}
              handoverDue={permit.handoverDue}
            />
          </Group>
        }
      />
      <Stack gap="md">
        {changed ? (
          <Alert color="yellow" icon={<IconRefreshAlert aria-hidden />} role="alert" data-testid="permit-changed">
            {t("page.changed")}
          </Alert>
        ) : null}
        <PermitSuspensionBanner permit={permit} />
        <ComplianceLapseBanner permit={permit} />
        {permit.contractorOnHold ? (
          <Alert color="orange" icon={<IconLockAccess aria-hidden />} data-testid="permit-on-hold">
            {t("page.contractorOnHold")}
          </Alert>
        ) : null}
        <PermitActions
          permit={permit}
          editPath={editPath}
          onDuplicated={(copy) =>
            navigate(
              isContractorArea(area)
                ? paths.edit(copy.id)
                : copy.internal
                  ? paths.internalEdit(copy.id)
                  : paths.view(copy.id),
            )
          }
          onDeleted={() => navigate(isContractorArea(area) ? paths.saved : paths.principalList)}
          onConflict={() => {
            setChanged(true);
            void onReload();
          }}
        />
        <PermitCrew
          permit={permit}
          onConflict={() => {
            void onReload();
          }}
        />
        <PermitShift permit={permit} />
        <PermitDetails permit={permit} />
        <PermitIsolations permit={permit} />
        {permit.gasTest ? (
          <Suspense fallback={null}>
            <PermitGasTests permit={permit} />
          </Suspense>
        ) : null}
        <PermitClashes permit={permit} />
        <PermitSignatures permit={permit} />
        <PermitLocation permit={permit} />
        <section aria-labelledby="permit-history-title">
          <Title order={2} fz="h4" mb="sm" id="permit-history-title">
            {t("page.history")}
          </Title>
          <PermitHistory permitId={permit.id} />
        </section>
      </Stack>
    </>
  );
}
