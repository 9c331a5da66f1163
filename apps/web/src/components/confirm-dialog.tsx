import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRetained } from "../lib/use-retained";
import { ApiErrorAlert } from "./api-error-alert";
import { useCloseButtonProps } from "./use-close-button-props";

interface TConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting, when "Cancel" would read as the action itself (cancelling a permit). */
  keepLabel?: string;
  /** Red for what cannot be undone. */
  danger?: boolean;
  /** Does the work; a rejection keeps the dialog open with the error. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** A fuller explanation of some refusals (e.g. what still holds a division); null falls back to the code. */
  describeError?: (error: unknown) => ReactNode | null;
  /** The confirm button waits for something the dialog asks first (a declaration ticked). */
  confirmDisabled?: boolean;
  /** Wider for a dialog that shows what is confirmed (the permit's conditions). */
  size?: "md" | "lg";
}

/** Asks before a destructive action, runs it, and keeps the dialog open with the reason if it is refused. */
export function ConfirmDialog({ opened, title, onClose, size = "md", ...body }: TConfirmDialogProps) {
  const closeButtonProps = useCloseButtonProps();
  const shownTitle = useRetained(opened ? title : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shownTitle}
      size={size}
      centered
      closeButtonProps={closeButtonProps}
    >
      {opened ? <ConfirmBody onClose={onClose} {...body} /> : null}
    </Modal>
  );
}

function ConfirmBody({
  children,
  confirmLabel,
  keepLabel,
  danger = false,
  onConfirm,
  onClose,
  describeError,
  confirmDisabled = false,
}: Omit<TConfirmDialogProps, "opened" | "title" | "size">) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const described = error && describeError ? describeError(error) : null;

  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {typeof children === "string" ? <Text>{children}</Text> : children}
      {described ?? <ApiErrorAlert error={error} />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          {keepLabel ?? t("cancel")}
        </Button>
        <Button
          color={danger ? "red.9" : undefined}
          loading={busy}
          disabled={confirmDisabled}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
