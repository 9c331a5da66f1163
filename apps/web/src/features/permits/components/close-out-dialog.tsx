import { Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { actionInputMissing, PERMIT_LIMITS, type TPermitActionInput } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { DialogFoot, useDialogSubmit } from "./dialog-submit";

interface TCloseOutDialogProps {
  opened: boolean;
  onConfirm: (input: TPermitActionInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The permit holder's close-out ("End the work"): is the work complete (what remains, when not), is the area
 * left safe, are tools and materials removed, is everyone out. The last three must be yes; the permit then
 * awaits the area manager's hand-back.
 */
export function CloseOutDialog({ opened, onConfirm, onClose }: TCloseOutDialogProps) {
  const { t } = useTranslation("permits");
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("closeOut.title")}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {opened ? <CloseOutBody onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

const CHECKS = ["areaSafe", "toolsRemoved", "peopleOut"] as const;

function CloseOutBody({ onConfirm, onClose }: Omit<TCloseOutDialogProps, "opened">) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const [workComplete, setWorkComplete] = useState<boolean | undefined>(undefined);
  const [remainingWork, setRemainingWork] = useState("");
  const [checks, setChecks] = useState({ areaSafe: false, toolsRemoved: false, peopleOut: false });
  const [tried, setTried] = useState(false);
  const { error, busy, submit } = useDialogSubmit(onConfirm, onClose);
  const input: TPermitActionInput = { workComplete, remainingWork: remainingWork.trim(), ...checks };
  const missing = tried ? actionInputMissing("end", input) : {};
  const confirm = async () => {
    setTried(true);
    if (Object.keys(actionInputMissing("end", input)).length > 0) return;
    await submit(input);
  };
  return (
    <Stack gap="md" data-testid="close-out-dialog">
      <Text>{t("closeOut.text")}</Text>
      <Radio.Group
        label={t("closeOut.workComplete")}
        withAsterisk
        value={workComplete === undefined ? null : workComplete ? "yes" : "no"}
        onChange={(value) => setWorkComplete(value === "yes")}
        error={missing.workComplete ? tv(missing.workComplete) : undefined}
        data-testid="close-out-work-complete"
      >
        <Group mt={4}>
          <Radio value="yes" label={t("answers.yes")} data-testid="close-out-work-complete-yes" />
          <Radio value="no" label={t("answers.no")} data-testid="close-out-work-complete-no" />
        </Group>
      </Radio.Group>
      {workComplete === false ? (
        <Textarea
          label={t("closeOut.remainingWork")}
          withAsterisk
          autosize
          minRows={2}
          maxLength={PERMIT_LIMITS.remarkMax}
          value={remainingWork}
          onChange={(event) => setRemainingWork(event.currentTarget.value)}
          error={missing.remainingWork ? tv(missing.remainingWork) : undefined}
          data-testid="close-out-remaining-work"
        />
      ) : null}
      {CHECKS.map((name) => (
        <Checkbox
          key={name}
          label={t(`closeOut.${name}`)}
          checked={checks[name]}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setChecks((current) => ({ ...current, [name]: checked }));
          }}
          error={missing[name] ? tv(missing[name]) : undefined}
          data-testid={`close-out-${name}`}
        />
      ))}
      <DialogFoot
        error={error}
        busy={busy}
        label={t("closeOut.confirm")}
        onConfirm={() => void confirm()}
        onClose={onClose}
        testId="close-out-confirm"
      />
    </Stack>
  );
}
