import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifySuccess } from "../../../lib/notify";

/** The lists of this feature whose texts sit under `<section>.deleteTitle`, `.deleteText` and `.deleted`. */
type TDeletableSection = "risks" | "specific" | "links" | "epis" | "workTypes";

interface TDeleteItemDialogProps {
  section: TDeletableSection;
  /** The row to delete, with the name its texts show; null when closed. */
  item: { id: string; name: string } | null;
  remove: (id: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a row of a risk list is deleted, deletes it and says so. */
export function DeleteItemDialog({ section, item, remove, onClose }: TDeleteItemDialogProps) {
  const { t } = useTranslation("risks");
  return (
    <ConfirmDialog
      opened={item !== null}
      title={t(`${section}.deleteTitle`, { name: item?.name ?? "" })}
      confirmLabel={t("actions.delete")}
      danger
      onClose={onClose}
      onConfirm={async () => {
        await remove(item!.id);
        notifySuccess(t(`${section}.deleted`, { name: item!.name }));
      }}
    >
      {t(`${section}.deleteText`, { name: item?.name ?? "" })}
    </ConfirmDialog>
  );
}
