import { Alert, Button } from "@mantine/core";
import type { TCompanyStatus } from "@openpermit/shared";
import { IconAlertCircle, IconBuildingOff, IconPlayerPlay } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api/api-error";
import { notifySuccess } from "../../../lib/notify";
import { type TAccessChange, type TCompanyKind, useSetCompanyAccess } from "../api/set-company-access";

/** A disabled company can be enabled; any other can be disabled (a pending one too, to stop it). */
export function accessChangeFor(status: TCompanyStatus): TAccessChange {
  return status === "disabled" ? "enable" : "disable";
}

interface TCompanyAccessButtonProps {
  kind: TCompanyKind;
  company: { id: string; name: string; status: TCompanyStatus };
  size?: "xs" | "sm";
}

/** Disable or enable a company after a confirmation that says what it does to its people. */
export function CompanyAccessButton({ kind, company, size = "xs" }: TCompanyAccessButtonProps) {
  const { t } = useTranslation("adminCompanies");
  const setAccess = useSetCompanyAccess();
  const [confirming, setConfirming] = useState(false);
  const change = accessChangeFor(company.status);
  const names = { name: company.name };
  return (
    <>
      <Button
        size={size}
        // Light teal text on its light fill fails contrast (axe); enabling is the calm, neutral action.
        variant={change === "disable" ? "light" : "default"}
        color={change === "disable" ? "red" : undefined}
        leftSection={
          change === "disable" ? <IconBuildingOff size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />
        }
        aria-label={t(`access.${change}Named`, names)}
        onClick={() => setConfirming(true)}
      >
        {t(`access.${change}`)}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t(`access.${change}Title`, names)}
        confirmLabel={t(`access.${change}`)}
        danger={change === "disable"}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await setAccess.mutateAsync({ kind, id: company.id, change });
          notifySuccess(t(`access.${change}Done`, names));
        }}
        describeError={(error) =>
          isApiError(error) && error.code === "CONFLICT" && change === "enable" ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {t(`access.${kind}.enableConflict`, names)}
            </Alert>
          ) : null
        }
      >
        {t(`access.${kind}.${change}Text`, names)}
      </ConfirmDialog>
    </>
  );
}
