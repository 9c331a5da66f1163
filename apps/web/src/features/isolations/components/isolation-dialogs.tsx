import { Checkbox, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { ISOLATION_PROOF_DECLARATION, type TIsolationPoint } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePasswordToggleProps } from "../../../components/password-toggle";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { DialogFoot, useDialogSubmit } from "../../permits/components/dialog-submit";
import type { TIsolationOperation } from "../api/isolations";

export type TDialogKind = "apply" | "prove" | "release";

interface TIsolationDialogProps {
  kind: TDialogKind | null;
  point: TIsolationPoint | null;
  onConfirm: (operation: TIsolationOperation) => Promise<unknown>;
  onClose: () => void;
}

/** Apply (the lock number), prove (the zero-energy test, signed) or release an isolation, each asked first. */
export function IsolationDialog({ kind, point, onConfirm, onClose }: TIsolationDialogProps) {
  const { t } = useTranslation("isolations");
  const closeButtonProps = useCloseButtonProps();
  const opened = kind !== null && point !== null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={opened ? t(`dialogs.${kind}Title`, { tag: point.tag }) : ""}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {opened ? (
        <Stack gap="md" data-testid={`isolation-${kind}-dialog`}>
          <Text fz="sm">
            {point.equipment} · {t(`energy.${point.energy}`)} · {point.method}
          </Text>
          {kind === "apply" ? <ApplyBody onConfirm={onConfirm} onClose={onClose} /> : null}
          {kind === "prove" ? <ProveBody point={point} onConfirm={onConfirm} onClose={onClose} /> : null}
          {kind === "release" ? <ReleaseBody onConfirm={onConfirm} onClose={onClose} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

type TBodyProps = Pick<TIsolationDialogProps, "onConfirm" | "onClose">;

function ApplyBody({ onConfirm, onClose }: TBodyProps) {
  const { t } = useTranslation("isolations");
  const { t: tv } = useTranslation("validation");
  const [lockNumber, setLockNumber] = useState("");
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(onConfirm, onClose);
  const apply = () => {
    setTried(true);
    if (lockNumber.trim()) void submit({ kind: "apply", lockNumber: lockNumber.trim() });
  };
  return (
    <>
      <Text>{t("dialogs.applyText")}</Text>
      <TextInput
        label={t("fields.lockNumber")}
        withAsterisk
        maxLength={50}
        value={lockNumber}
        onChange={(e) => setLockNumber(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply();
        }}
        error={tried && !lockNumber.trim() ? tv("lockNumberRequired") : undefined}
        data-autofocus
        data-testid="isolation-lock-number"
      />
      <DialogFoot
        error={error}
        busy={busy}
        label={t("actions.apply")}
        onConfirm={apply}
        onClose={onClose}
        testId="isolation-confirm"
      />
    </>
  );
}

function ProveBody({ point, onConfirm, onClose }: TBodyProps & { point: TIsolationPoint }) {
  const { t } = useTranslation("isolations");
  const { t: tv } = useTranslation("validation");
  const language = useCurrentLanguage();
  const toggle = usePasswordToggleProps();
  const [password, setPassword] = useState("");
  const [declaration, setDeclaration] = useState(false);
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(onConfirm, onClose);
  const prove = () => {
    setTried(true);
    if (password && declaration) void submit({ kind: "prove", password, declaration: true, language });
  };
  return (
    <>
      <Text>
        {t("dialogs.proveText", {
          lock: point.application?.lockNumber ?? "—",
          name: point.application?.appliedBy?.name ?? "—",
        })}
      </Text>
      <Checkbox
        checked={declaration}
        onChange={(e) => setDeclaration(e.currentTarget.checked)}
        label={ISOLATION_PROOF_DECLARATION[language]}
        error={tried && !declaration ? tv("declarationRequired") : undefined}
        data-testid="isolation-declaration"
      />
      <PasswordInput
        label={t("fields.password")}
        description={t("dialogs.passwordHint")}
        withAsterisk
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") prove();
        }}
        error={tried && !password ? tv("passwordRequired") : undefined}
        data-autofocus
        data-testid="isolation-password"
        {...toggle}
      />
      <DialogFoot
        error={error}
        busy={busy}
        label={t("actions.prove")}
        onConfirm={prove}
        onClose={onClose}
        testId="isolation-confirm"
      />
    </>
  );
}

function ReleaseBody({ onConfirm, onClose }: TBodyProps) {
  const { t } = useTranslation("isolations");
  const [remark, setRemark] = useState("");
  const { error, busy, submit } = useDialogSubmit(onConfirm, onClose);
  return (
    <>
      <Text>{t("dialogs.releaseText")}</Text>
      <TextInput
        label={t("fields.remark")}
        maxLength={250}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
        data-autofocus
      />
      <DialogFoot
        error={error}
        busy={busy}
        color="red"
        label={t("actions.release")}
        onConfirm={() => void submit({ kind: "release", remark: remark.trim() || undefined })}
        onClose={onClose}
        testId="isolation-confirm"
      />
    </>
  );
}
