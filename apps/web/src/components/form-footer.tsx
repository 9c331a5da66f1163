import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useConfirmModalClose } from "./leave-guard";

interface TFormFooterProps {
  onCancel: () => void;
  /** Usually "Save"; "Retry the upload" once a form saved its fields but not its files. */
  submitLabel: string;
  submitting: boolean;
}

/**
 * The end of a form: Cancel, then the submit button (it shows a spinner while the form is sent). In a form's modal,
 * Cancel asks first when the form is unsaved (FormModal).
 */
export function FormFooter({ onCancel, submitLabel, submitting }: TFormFooterProps) {
  const { t } = useTranslation();
  const confirmClose = useConfirmModalClose();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={() => confirmClose(onCancel)}>
        {t("common:cancel")}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
