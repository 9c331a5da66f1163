import { Alert, Text } from "@mantine/core";
import type { TDivision } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { isApiError } from "../../../../lib/api/api-error";
import { notifySuccess } from "../../../../lib/notify";
import { useDeleteDivision } from "../../api/delete-division";
import { describeHoldings } from "./division-holdings";

interface TDeleteDivisionDialogProps {
  division: TDivision | null;
  onClose: () => void;
}

/** Confirms; a division that still holds sectors or people is refused with what holds it. */
export function DeleteDivisionDialog({ division, onClose }: TDeleteDivisionDialogProps) {
  const { t, i18n } = useTranslation("organisation");
  const remove = useDeleteDivision();
  const name = division?.name ?? "";
  const holdings = division
    ? describeHoldings({ sectors: division.sectorCount, people: division.peopleCount }, t, i18n.language)
    : "";

  return (
    <ConfirmDialog
      opened={division !== null}
      title={t("divisions.deleteTitle", { name })}
      confirmLabel={t("actions.delete")}
      danger
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(division!.id);
        notifySuccess(t("divisions.deleted", { name }));
      }}
      describeError={(error) =>
        isApiError(error) && error.code === "DIVISION_NOT_EMPTY" ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            role="alert"
            data-testid="form-error"
          >
            {t(hasRecords(error.details) ? "divisions.hasRecords" : "divisions.notEmpty", {
              name,
              what: describeHoldings(error.details, t, i18n.language) || holdings,
            })}
          </Alert>
        ) : null
      }
    >
      <Text>{t("divisions.deleteText", { name })}</Text>
      {holdings ? (
        <Text fz="sm" c="dimmed">
          {t("divisions.stillHolds", { what: holdings })}
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}

/** Permits and emergency stops are kept for good: nothing to delete or move, the division stays. */
const hasRecords = (details: { permits?: unknown; emergencies?: unknown }) =>
  (typeof details.permits === "number" && details.permits > 0) ||
  (typeof details.emergencies === "number" && details.emergencies > 0);
