import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { ACCEPTANCE_DECLARATION, type TPermit } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { PermitConditions } from "./permit-conditions";

interface TAcceptDialogProps {
  opened: boolean;
  permit: TPermit;
  /** Accepts with the declaration; a refusal keeps the dialog open with its reason. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Accept the conditions": the permit holder reads the conditions, ticks the declaration (the words the server
 * records, packages/shared ACCEPTANCE_DECLARATION) and accepts. The button does nothing until it is ticked.
 */
export function AcceptDialog({ opened, permit, onConfirm, onClose }: TAcceptDialogProps) {
  const { t } = useTranslation("permits");
  const closeButtonProps = useCloseButtonProps();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("dialogs.acceptTitle")}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={closeButtonProps}
    >
      {opened ? <AcceptBody permit={permit} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

function AcceptBody({ permit, onConfirm, onClose }: Omit<TAcceptDialogProps, "opened">) {
  const { t } = useTranslation("permits");
  const language = useCurrentLanguage();
  const [declared, setDeclared] = useState(false);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!declared) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
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
    <Stack gap="md" data-testid="accept-dialog">
      <Text>{t("dialogs.acceptText")}</Text>
      <PermitConditions permit={permit} />
      <Alert color="blue" variant="light" title={t("dialogs.declaration")}>
        <Checkbox
          checked={declared}
          onChange={(event) => {
            setDeclared(event.currentTarget.checked);
            setMissing(false);
          }}
          label={ACCEPTANCE_DECLARATION[language]}
          error={missing ? t("validation:declarationRequired") : undefined}
          data-testid="accept-declaration"
        />
      </Alert>
      <ApiErrorAlert error={error} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t("common:cancel")}
        </Button>
        <Button loading={busy} onClick={() => void confirm()} data-testid="accept-confirm">
          {t("actions.accept")}
        </Button>
      </Group>
    </Stack>
  );
}
