import type { TManager } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { notifySuccess } from "../../../../lib/notify";
import { useDeleteManager } from "../../api/delete-manager";
import { useDisableManager } from "../../api/disable-manager";

export type TManagerConfirm = { action: "disable" | "delete"; manager: TManager } | null;

/** Confirms disabling (reversible, but cuts access at once) and deleting (final). */
export function ManagerConfirmDialog({ pending, onClose }: { pending: TManagerConfirm; onClose: () => void }) {
  const { t } = useTranslation("organisation");
  const disable = useDisableManager();
  const remove = useDeleteManager();
  const manager = pending?.manager;
  const action = pending?.action ?? "delete";
  const names = { name: manager?.name ?? "", email: manager?.email ?? "" };
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={t(`managers.confirm.${action}Title`, names)}
      confirmLabel={t(`managers.actions.${action}`)}
      danger
      onClose={onClose}
      onConfirm={async () => {
        if (action === "disable") await disable.mutateAsync(manager!.id);
        else await remove.mutateAsync(manager!.id);
        notifySuccess(t(`managers.done.${action}`, names));
      }}
    >
      {t(`managers.confirm.${action}Text`, names)}
    </ConfirmDialog>
  );
}
