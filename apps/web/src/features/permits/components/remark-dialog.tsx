import { Modal, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { DialogFoot, useDialogSubmit } from "./dialog-submit";

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
  const { error, busy, submit } = useDialogSubmit(onConfirm, onClose);
  const confirm = async () => {
    if (!remark.trim()) {
      setMissing(true);
      return;
    }
    await submit(remark.trim());
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
      <DialogFoot
        error={error}
        busy={busy}
        label={confirmLabel}
        color={color}
        onConfirm={() => void confirm()}
        onClose={onClose}
      />
    </Stack>
  );
}
