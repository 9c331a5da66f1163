import type { TEmployee } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifySuccess } from "../../../lib/notify";
import { useDeleteEmployee } from "../api/delete-employee";
import { useSetEmployeeAccess } from "../api/set-employee-access";

export type TEmployeeConfirm = { action: "disable" | "enable" | "delete"; employee: TEmployee } | null;

/** Confirms disabling (cuts access at once), enabling (gives it back) and deleting (final), naming the person. */
export function EmployeeConfirmDialog({ pending, onClose }: { pending: TEmployeeConfirm; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const access = useSetEmployeeAccess();
  const remove = useDeleteEmployee();
  const employee = pending?.employee;
  const action = pending?.action ?? "delete";
  const names = { name: employee?.name ?? "", email: employee?.email ?? "" };
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={t(`confirm.${action}Title`, names)}
      confirmLabel={t(`actions.${action}`)}
      danger={action !== "enable"}
      onClose={onClose}
      onConfirm={async () => {
        if (action === "delete") await remove.mutateAsync(employee!.id);
        else await access.mutateAsync({ id: employee!.id, change: action });
        notifySuccess(t(`done.${action}`, names));
      }}
    >
      {t(`confirm.${action}Text`, names)}
    </ConfirmDialog>
  );
}
