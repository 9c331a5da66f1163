import { List, Stack, Text } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useFieldRefusal } from "./field-refusal";

interface TStartDialogProps {
  opened: boolean;
  permit: TPermit;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Start the work" is confirmed: the dialog shows the period of validity (the server refuses a start outside it)
 * and reminds that the precautions must be in place before anyone begins.
 */
export function StartDialog({ opened, permit, onConfirm, onClose }: TStartDialogProps) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const when = (iso: string | null) => (iso ? format(iso) : "—");
  // The start refused for want of a signed-on worker says so (`crew: crewNotSignedOn`).
  const refusal = useFieldRefusal();
  return (
    <ConfirmDialog
      opened={opened}
      title={t("dialogs.startTitle")}
      confirmLabel={t("actions.start")}
      describeError={refusal}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="xs" data-testid="start-dialog">
        <Text data-testid="start-window">
          {t("dialogs.startWindow", { start: when(permit.startAt), end: when(permit.endAt) })}
        </Text>
        <Text fw={500}>{t("dialogs.startReminder")}</Text>
        <List size="sm" spacing={2}>
          <List.Item>{t("dialogs.startCheckPrecautions")}</List.Item>
          <List.Item>{t("dialogs.startCheckBriefed")}</List.Item>
          <List.Item data-testid="start-crew">
            {t("dialogs.startCrew", { count: permit.crew.filter((w) => w.signedOnAt).length })}
          </List.Item>
          <List.Item>{t("dialogs.startCheckEquipment")}</List.Item>
        </List>
      </Stack>
    </ConfirmDialog>
  );
}
