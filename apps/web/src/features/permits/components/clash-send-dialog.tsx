import { Modal, Stack, Text } from "@mantine/core";
import type { TPermitActionInput } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { usePermitClashes } from "../api/clashes";
import { ClashRemarkFields, useClashRemarks } from "./clash-remarks";
import { DialogFoot, useDialogSubmit } from "./dialog-submit";

interface TClashSendDialogProps {
  opened: boolean;
  permitId: string;
  /** Sends with the acknowledgements: rejects with the server's refusal (the dialog stays). */
  onConfirm: (input: TPermitActionInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The send's confirmation: the permit's clashes (other live permits at its place and time, docs/safety.md), each
 * to acknowledge with a remark before it is sent. A clash that appears meanwhile is refused by the server and
 * then listed here too.
 */
export function ClashSendDialog({ opened, permitId, onConfirm, onClose }: TClashSendDialogProps) {
  const { t } = useTranslation("permits");
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("clashes.sendTitle")}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {opened ? <SendBody permitId={permitId} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

function SendBody({ permitId, onConfirm, onClose }: Omit<TClashSendDialogProps, "opened">) {
  const { t } = useTranslation("permits");
  const clashes = usePermitClashes(permitId);
  const list = clashes.data?.clashes ?? [];
  const remarks = useClashRemarks(list);
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(async (input: TPermitActionInput) => {
    try {
      return await onConfirm(input);
    } catch (caught) {
      if (isApiError(caught) && caught.code === "CLASHES_UNACKNOWLEDGED") void clashes.refetch();
      throw caught;
    }
  }, onClose);
  const send = async () => {
    setTried(true);
    if (!clashes.isSuccess || remarks.missing.length > 0) return;
    await submit(list.length > 0 ? { clashAcknowledgements: remarks.input } : {});
  };
  return (
    <Stack gap="md" data-testid="clash-send-dialog">
      {clashes.isPending ? <Text c="dimmed">{t("clashes.loading")}</Text> : null}
      {clashes.isError ? <ApiErrorAlert error={clashes.error} /> : null}
      {clashes.isSuccess && list.length === 0 ? <Text>{t("clashes.sendText")}</Text> : null}
      <ClashRemarkFields
        clashes={list}
        remarks={remarks.remarks}
        onRemark={remarks.setRemark}
        showMissing={tried}
        missing={remarks.missing}
      />
      <DialogFoot
        error={error}
        busy={busy}
        label={t("actions.send")}
        onConfirm={() => void send()}
        onClose={onClose}
        testId="clash-send-confirm"
      />
    </Stack>
  );
}
