import { Button } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { useDeletePermitDraft } from "../api/permits";

/** A draft that was never sent (no number, no send) may be deleted by whoever created it; the server decides too. */
export function mayDeleteDraft(permit: TPermit, userId: string | null) {
  return (
    permit.status === "pending" &&
    permit.documentNumber === null &&
    permit.sentAt === null &&
    userId !== null &&
    permit.createdBy?.id === userId
  );
}

/** "Delete draft", after a confirmation (it cannot be undone); `onDeleted` leaves the page. */
export function DeleteDraftButton({ permit, onDeleted }: { permit: TPermit; onDeleted: () => void }) {
  const { t } = useTranslation("permits");
  const { id: userId } = useSession();
  const remove = useDeletePermitDraft();
  const [asking, setAsking] = useState(false);
  if (!mayDeleteDraft(permit, userId)) return null;
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setAsking(true)}
        data-testid="permit-delete"
      >
        {t("page.delete")}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t("page.deleteTitle")}
        confirmLabel={t("page.delete")}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(permit.id);
          notifySuccess(t("toast.deleted"));
          onDeleted();
        }}
        onClose={() => setAsking(false)}
      >
        {t("page.deleteText")}
      </ConfirmDialog>
    </>
  );
}
