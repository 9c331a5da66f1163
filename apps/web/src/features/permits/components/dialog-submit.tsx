import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";

/**
 * What an action dialog does on confirm: sends, closes when it went through, keeps the dialog (and whatever was
 * typed) with the server's refusal shown when it did not.
 */
export function useDialogSubmit<T>(onConfirm: (input: T) => Promise<unknown>, onClose: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (input: T) => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(input);
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

/** The refusal, then Cancel and the confirm button, at the foot of an action dialog. */
export function DialogFoot({
  error,
  busy,
  label,
  color,
  onConfirm,
  onClose,
  testId,
}: {
  error: unknown;
  busy: boolean;
  label: string;
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <>
      <ApiErrorAlert error={error} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button color={color} loading={busy} onClick={onConfirm} data-testid={testId}>
          {label}
        </Button>
      </Group>
    </>
  );
}
