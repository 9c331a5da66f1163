import { Checkbox, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { PERMIT_LIMITS, SIGNATURE_DECLARATIONS, signatureInputMissing, type TPermit } from "@openpermit/shared";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useSession } from "../../../lib/session/session-context";
import { useCrewCandidates } from "../api/crew";
import {
  type TShiftSignature,
  useAskExtension,
  useCloseHandover,
  useDecideExtension,
  useStartHandover,
} from "../api/shift";
import { DialogFoot, useDialogSubmit } from "./dialog-submit";
import { SignatureFields } from "./signature-fields";

/** The dialog open on the permit's shift section, if any. */
export type TShiftDialog = "ask" | "sign" | "refuse" | "handOver" | "accept" | null;

interface TShiftDialogsProps {
  dialog: TShiftDialog;
  permit: TPermit;
  onClose: () => void;
}

/**
 * The extension and shift handover dialogs (docs/safety.md, "Extension and shift handover"): asking an extension
 * (new end and reason), signing or refusing it, handing over (incoming holder, note, signature) and accepting a
 * handover (keep the crew or not, signature). Loaded when first opened.
 */
export function ShiftDialogs({ dialog, permit, onClose }: TShiftDialogsProps) {
  const { t } = useTranslation("permits");
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? t(`shift.${dialog}Title`) : ""}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {dialog === "ask" ? <AskBody permit={permit} onClose={onClose} /> : null}
      {dialog === "sign" ? <SignExtensionBody permit={permit} onClose={onClose} /> : null}
      {dialog === "refuse" ? <RefuseBody permit={permit} onClose={onClose} /> : null}
      {dialog === "handOver" ? <HandOverBody permit={permit} onClose={onClose} /> : null}
      {dialog === "accept" ? <AcceptBody permit={permit} onClose={onClose} /> : null}
    </Modal>
  );
}

type TBody = { permit: TPermit; onClose: () => void };

/** `datetime-local` text of an ISO time, in the browser's time zone (what the field shows and reads). */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function AskBody({ permit, onClose }: TBody) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const format = useFormatDateTime();
  const ask = useAskExtension();
  const [newEnd, setNewEnd] = useState(localInput(permit.endAt));
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(
    (input: { newEndAt: string; reason: string }) => ask.mutateAsync({ id: permit.id, ...input }),
    onClose,
  );
  const confirm = async () => {
    setTried(true);
    if (!newEnd || !reason.trim()) return;
    await submit({ newEndAt: new Date(newEnd).toISOString(), reason: reason.trim() });
  };
  return (
    <Stack gap="md">
      <Text>{t("shift.askText", { end: permit.endAt ? format(permit.endAt) : "—" })}</Text>
      <TextInput
        type="datetime-local"
        label={t("shift.newEnd")}
        withAsterisk
        value={newEnd}
        onChange={(event) => setNewEnd(event.currentTarget.value)}
        error={tried && !newEnd ? tv("invalidValue") : undefined}
        data-testid="extension-new-end"
      />
      <Textarea
        label={t("shift.reason")}
        withAsterisk
        autosize
        minRows={2}
        maxLength={PERMIT_LIMITS.remarkMax}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={tried && !reason.trim() ? tv("descriptionRequired") : undefined}
        data-testid="extension-reason"
      />
      <DialogFoot
        error={error}
        busy={busy}
        label={t("shift.askConfirm")}
        onConfirm={() => void confirm()}
        onClose={onClose}
        testId="extension-ask-confirm"
      />
    </Stack>
  );
}

/** The declaration's checkbox and the signer's password, checked before sending (400 names them too). */
function useSignatureFields(kind: "extend" | "handoverOut" | "handover") {
  const language = useCurrentLanguage();
  const [password, setPassword] = useState("");
  const [declaration, setDeclaration] = useState(false);
  const [tried, setTried] = useState(false);
  const signature: TShiftSignature = { password, declaration, language };
  const missing = tried ? signatureInputMissing(signature) : {};
  const fields: ReactNode = (
    <SignatureFields
      declarationText={SIGNATURE_DECLARATIONS[kind][language]}
      declaration={declaration}
      onDeclaration={setDeclaration}
      password={password}
      onPassword={setPassword}
      missing={missing}
      focusPassword={kind !== "handoverOut"}
    />
  );
  /** The signature when complete, else null (and the missing fields shown). */
  const complete = () => {
    setTried(true);
    return Object.keys(signatureInputMissing(signature)).length === 0 ? signature : null;
  };
  return { fields, complete };
}

function SignExtensionBody({ permit, onClose }: TBody) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const decide = useDecideExtension();
  const extension = permit.extensions.find((x) => x.id === permit.shiftActions.decideExtension);
  const { fields, complete } = useSignatureFields("extend");
  const { error, busy, submit } = useDialogSubmit(
    (sign: TShiftSignature) => decide.mutateAsync({ id: permit.id, extensionId: extension?.id ?? "", sign }),
    onClose,
  );
  if (!extension) return null;
  return (
    <Stack gap="md" data-testid="extension-sign-dialog">
      <Text>
        {t("shift.signText", {
          by: extension.askedBy?.name ?? "—",
          from: format(extension.oldEndAt),
          to: format(extension.newEndAt),
        })}
      </Text>
      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
        {t("shift.reasonIs", { reason: extension.reason })}
      </Text>
      {fields}
      <DialogFoot
        error={error}
        busy={busy}
        label={t("shift.signConfirm")}
        onConfirm={() => {
          const sign = complete();
          if (sign) void submit(sign);
        }}
        onClose={onClose}
        testId="extension-sign-confirm"
      />
    </Stack>
  );
}

function RefuseBody({ permit, onClose }: TBody) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const decide = useDecideExtension();
  const extensionId = permit.shiftActions.decideExtension ?? "";
  const [remark, setRemark] = useState("");
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(
    (text: string) => decide.mutateAsync({ id: permit.id, extensionId, remark: text }),
    onClose,
  );
  return (
    <Stack gap="md">
      <Text>{t("shift.refuseText")}</Text>
      <Textarea
        label={t("dialogs.remark")}
        withAsterisk
        autosize
        minRows={2}
        maxLength={PERMIT_LIMITS.remarkMax}
        value={remark}
        onChange={(event) => setRemark(event.currentTarget.value)}
        error={tried && !remark.trim() ? tv("descriptionRequired") : undefined}
        data-testid="extension-refuse-remark"
      />
      <DialogFoot
        error={error}
        busy={busy}
        color="red.9"
        label={t("shift.refuseConfirm")}
        onConfirm={() => {
          setTried(true);
          if (remark.trim()) void submit(remark.trim());
        }}
        onClose={onClose}
        testId="extension-refuse-confirm"
      />
    </Stack>
  );
}

function HandOverBody({ permit, onClose }: TBody) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const session = useSession();
  const start = useStartHandover();
  const candidates = useCrewCandidates();
  const [toId, setToId] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const { fields, complete } = useSignatureFields("handoverOut");
  const { error, busy, submit } = useDialogSubmit(
    (input: { toId: string; note: string } & TShiftSignature) => start.mutateAsync({ id: permit.id, ...input }),
    onClose,
  );
  const holderId = permit.holder?.id;
  const options = (candidates.data ?? [])
    .filter((c) => c.id !== holderId && c.id !== session.id)
    .map((c) => ({ value: c.id, label: c.name }));
  const confirm = () => {
    setTried(true);
    const signature = complete();
    if (!toId || !note.trim() || !signature) return;
    void submit({ toId, note: note.trim(), ...signature });
  };
  return (
    <Stack gap="md" data-testid="handover-dialog">
      <Text>{t("shift.handOverText")}</Text>
      <Select
        label={t("shift.incoming")}
        withAsterisk
        searchable
        data={options}
        value={toId}
        onChange={setToId}
        nothingFoundMessage={t("crew.nobody")}
        placeholder={candidates.isLoading ? t("crew.loading") : undefined}
        error={candidates.isError ? t("crew.loadFailed") : tried && !toId ? tv("invalidValue") : undefined}
        data-testid="handover-incoming"
      />
      <Textarea
        label={t("shift.note")}
        description={t("shift.noteHelp")}
        withAsterisk
        autosize
        minRows={3}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={tried && !note.trim() ? tv("handoverNoteRequired") : undefined}
        data-testid="handover-note"
      />
      {fields}
      <DialogFoot
        error={error}
        busy={busy}
        label={t("shift.handOverConfirm")}
        onConfirm={confirm}
        onClose={onClose}
        testId="handover-confirm"
      />
    </Stack>
  );
}

function AcceptBody({ permit, onClose }: TBody) {
  const { t } = useTranslation("permits");
  const close = useCloseHandover();
  const handover = permit.handovers.find((h) => h.id === permit.shiftActions.acceptHandover);
  const signedOn = permit.crew.filter((w) => w.signedOnAt !== null && w.id !== handover?.from?.id);
  const [keepCrew, setKeepCrew] = useState(true);
  const { fields, complete } = useSignatureFields("handover");
  const { error, busy, submit } = useDialogSubmit(
    (accept: TShiftSignature & { keepCrew: boolean }) =>
      close.mutateAsync({ id: permit.id, handoverId: handover?.id ?? "", accept }),
    onClose,
  );
  if (!handover) return null;
  return (
    <Stack gap="md" data-testid="handover-accept-dialog">
      <Text>{t("shift.acceptText", { from: handover.from?.name ?? "—" })}</Text>
      <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {handover.note}
      </Text>
      {signedOn.length > 0 ? (
        <Checkbox
          checked={keepCrew}
          onChange={(event) => setKeepCrew(event.currentTarget.checked)}
          label={t("shift.keepCrew", { count: signedOn.length, names: signedOn.map((w) => w.name).join(", ") })}
          description={t("shift.keepCrewHelp")}
          data-testid="handover-keep-crew"
        />
      ) : null}
      {fields}
      <DialogFoot
        error={error}
        busy={busy}
        label={t("shift.acceptConfirm")}
        onConfirm={() => {
          const signature = complete();
          if (signature) void submit({ ...signature, keepCrew });
        }}
        onClose={onClose}
        testId="handover-accept-confirm"
      />
    </Stack>
  );
}
