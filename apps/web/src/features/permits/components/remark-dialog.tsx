import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";

interface TRemarkDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Red for a rejection (it closes the permit), orange for a recheck. */
  color: string;
  onConfirm: (remark: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for the remark a recheck or a rejection needs (the reason is the point of them), then acts. */
export function RemarkDialog({ opened, title, onClose, ...body }: TRemarkDialogProps) {
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={closeButtonProps}>
      {opened ? <RemarkBody onClose={onClose} {...body} /> : null}
    </Modal>
  );
}

function RemarkBody({ text, confirmLabel, color, onConfirm, onClose }: Omit<TRemarkDialogProps, "opened" | "title">) {
  const { t } = useTranslation("permits");
  const [remark, setRemark] = useState("");
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!remark.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(remark.trim());
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text>{text}</Text>
      <Textarea
        label={t("dialogs.remark")}
        withAsterisk
        autosize
        minRows={3}
        maxLength={PERMIT_LIMITS.remarkMax}
        value={remark}
        error={missing ? t("dialogs.remarkRequired") : undefined}
        onChange={(event) => {
          setRemark(event.currentTarget.value);
          setMissing(false);
        }}
        data-autofocus
        data-testid="permit-remark"
      />
      <ApiErrorAlert error={error} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t("common:cancel")}
        </Button>
        <Button color={color} loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
