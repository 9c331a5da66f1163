import { Alert, Checkbox, Stack, Text } from "@mantine/core";
import { ACCEPTANCE_DECLARATION, type TPermit } from "@openpermit/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
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
 * records, packages/shared ACCEPTANCE_DECLARATION) and accepts; the button waits for the tick.
 */
export function AcceptDialog({ opened, permit, onConfirm, onClose }: TAcceptDialogProps) {
  const { t } = useTranslation("permits");
  const language = useCurrentLanguage();
  const [declared, setDeclared] = useState(false);
  // Each opening asks anew.
  useEffect(() => {
    if (opened) setDeclared(false);
  }, [opened]);
  return (
    <ConfirmDialog
      opened={opened}
      title={t("dialogs.acceptTitle")}
      confirmLabel={t("actions.accept")}
      confirmDisabled={!declared}
      size="lg"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="md" data-testid="accept-dialog">
        <Text>{t("dialogs.acceptText")}</Text>
        <PermitConditions permit={permit} />
        <Alert color="blue" variant="light" title={t("dialogs.declaration")}>
          <Checkbox
            checked={declared}
            onChange={(event) => setDeclared(event.currentTarget.checked)}
            label={ACCEPTANCE_DECLARATION[language]}
            description={declared ? undefined : t("validation:declarationRequired")}
            data-testid="accept-declaration"
          />
        </Alert>
      </Stack>
    </ConfirmDialog>
  );
}
