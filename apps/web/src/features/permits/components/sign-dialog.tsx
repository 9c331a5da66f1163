import { Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  actionInputMissing,
  isClashAcknowledgedAction,
  SIGNATURE_DECLARATIONS,
  type TPermit,
  type TPermitActionInput,
  type TSignedAction,
} from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { usePermitClashes } from "../api/clashes";
import { ClashRemarkFields, useClashRemarks } from "./clash-remarks";
import { DialogFoot, useDialogSubmit } from "./dialog-submit";
import { SignatureFields } from "./signature-fields";
import { placeOf } from "./use-format";

interface TSignDialogProps {
  /** The signed action being asked for, or null when closed. */
  action: TSignedAction | null;
  permit: TPermit;
  /** Signs: rejects with the server's refusal (a wrong password stays in the dialog). */
  onConfirm: (input: TPermitActionInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A signature (verify, approve, hand-back): what is signed, the declaration in the reader's language (the very
 * words the server stores), the declaration's checkbox and the signer's password.
 */
export function SignDialog({ action, permit, onConfirm, onClose }: TSignDialogProps) {
  const { t } = useTranslation("permits");
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action ? t(`sign.${action}Title`) : ""}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {action ? <SignBody action={action} permit={permit} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

function SignedContent({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const rows: [string, string][] = [
    [t("sign.number"), permit.documentNumber ?? "—"],
    [t("sign.title"), permit.taskTitle],
    [t("sign.place"), placeOf(permit) ?? "—"],
    [t("sign.window"), permit.startAt && permit.endAt ? `${format(permit.startAt)} – ${format(permit.endAt)}` : "—"],
    [t("sign.level"), permit.criticality?.name ?? "—"],
  ];
  return (
    <Paper withBorder p="sm" data-testid="sign-content">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text fz="sm" c="dimmed">
              {label}
            </Text>
            <Text style={{ overflowWrap: "anywhere" }}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function SignBody({
  action,
  permit,
  onConfirm,
  onClose,
}: Omit<TSignDialogProps, "action"> & { action: TSignedAction }) {
  const { t } = useTranslation("permits");
  const language = useCurrentLanguage();
  const [password, setPassword] = useState("");
  const [declaration, setDeclaration] = useState(false);
  const [tried, setTried] = useState(false);
  // The content as it was when the dialog opened: if it changes meanwhile (a recheck and a resend elsewhere), the
  // server refuses the signature rather than let it vouch for content the signer never read.
  const [contentHash] = useState(permit.contentHash);
  // Verify and approve: each clash acknowledged with a remark. A clash that appears meanwhile is refused by the
  // server (409 CLASHES_UNACKNOWLEDGED): the list is read again so that it can be acknowledged too.
  const clashGated = isClashAcknowledgedAction(action);
  const clashes = usePermitClashes(permit.id, clashGated);
  const clashList = clashes.data?.clashes ?? [];
  const clashRemarks = useClashRemarks(clashList);
  const confirm = async (given: TPermitActionInput) => {
    try {
      return await onConfirm(given);
    } catch (caught) {
      if (isApiError(caught) && caught.code === "CLASHES_UNACKNOWLEDGED") void clashes.refetch();
      throw caught;
    }
  };
  // Whatever was typed stays after a refusal: a wrong password is corrected in place.
  const { error, busy, submit } = useDialogSubmit(confirm, onClose);
  const input = { password, declaration, language, contentHash };
  const missing = tried ? actionInputMissing(action, input) : {};
  const sign = async () => {
    setTried(true);
    if (Object.keys(actionInputMissing(action, input)).length > 0) return;
    if (clashGated && (!clashes.isSuccess || clashRemarks.missing.length > 0)) return;
    await submit(clashList.length > 0 ? { ...input, clashAcknowledgements: clashRemarks.input } : input);
  };
  return (
    <Stack gap="md" data-testid="sign-dialog">
      <Text>{t("sign.whatIsSigned")}</Text>
      <SignedContent permit={permit} />
      {clashGated && clashes.isPending ? <Text c="dimmed">{t("clashes.loading")}</Text> : null}
      {clashes.isError ? <ApiErrorAlert error={clashes.error} /> : null}
      <ClashRemarkFields
        clashes={clashList}
        remarks={clashRemarks.remarks}
        onRemark={clashRemarks.setRemark}
        showMissing={tried}
        missing={clashRemarks.missing}
      />
      <SignatureFields
        declarationText={SIGNATURE_DECLARATIONS[action][language]}
        declaration={declaration}
        onDeclaration={setDeclaration}
        password={password}
        onPassword={setPassword}
        missing={missing}
        onEnter={() => void sign()}
      />
      <DialogFoot
        error={error}
        busy={busy || (clashGated && clashes.isPending)}
        label={t(`sign.${action}Confirm`)}
        onConfirm={() => void sign()}
        onClose={onClose}
        testId="sign-confirm"
      />
    </Stack>
  );
}
