import { Text } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { notifySuccess } from "../../../../lib/notify";
import { useDeleteSector } from "../../api/delete-sector";

export function DeleteSectorDialog({ sector, onClose }: { sector: TSector | null; onClose: () => void }) {
  const { t } = useTranslation("organisation");
  const remove = useDeleteSector();
  const name = sector?.name ?? "";
  return (
    <ConfirmDialog
      opened={sector !== null}
      title={t("sectors.deleteTitle", { name })}
      confirmLabel={t("actions.delete")}
      danger
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(sector!.id);
        notifySuccess(t("sectors.deleted", { name }));
      }}
    >
      <Text>{t("sectors.deleteText", { name, count: sector?.subSectorCount ?? 0 })}</Text>
      <Text fz="sm" c="dimmed">
        {t("sectors.deletePermits")}
      </Text>
    </ConfirmDialog>
  );
}
