import type { TSubSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { notifySuccess } from "../../../../lib/notify";
import { useDeleteSubSector } from "../../api/delete-sub-sector";

interface TDeleteSubSectorDialogProps {
  subSector: TSubSector | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

export function DeleteSubSectorDialog({ subSector, onClose, onDeleted }: TDeleteSubSectorDialogProps) {
  const { t } = useTranslation("organisation");
  const remove = useDeleteSubSector();
  const name = subSector?.name ?? "";
  return (
    <ConfirmDialog
      opened={subSector !== null}
      title={t("subSectors.deleteTitle", { name })}
      confirmLabel={t("actions.delete")}
      danger
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(subSector!.id);
        onDeleted(subSector!.id);
        notifySuccess(t("subSectors.deleted", { name }));
      }}
    >
      {t("subSectors.deleteText", { name })}
    </ConfirmDialog>
  );
}
