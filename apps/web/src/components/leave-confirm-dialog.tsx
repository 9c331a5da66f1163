import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRetained } from "../lib/use-retained";
import { useCloseButtonProps } from "./use-close-button-props";

/** Above the modals it may be asked from (a form's modal is at Mantine's 200), below the toasts. */
const LEAVE_DIALOG_Z_INDEX = 300;

export interface TLeaveConfirmDialogProps {
  opened: boolean;
  /** `page`: leaving the page (a link, Back, signing out); `dialog`: closing a form's modal. */
  kind: "page" | "dialog";
  /** Keep what was typed (also Escape, the close button and a click outside). */
  onStay: () => void;
  /** Go on, and lose what was typed. */
  onLeave: () => void;
}

/**
 * Asks before what was typed and not saved is lost. Staying is the default: it has the focus, and Escape stays;
 * leaving is the red button.
 */
export function LeaveConfirmDialog({ opened, kind, onStay, onLeave }: TLeaveConfirmDialogProps) {
  const { t } = useTranslation();
  const closeButtonProps = useCloseButtonProps();
  const shown = useRetained(opened ? kind : null) ?? kind;
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t(`leaveGuard.${shown}.title`)}
      centered
      zIndex={LEAVE_DIALOG_Z_INDEX}
      closeButtonProps={closeButtonProps}
      data-testid="leave-guard-dialog"
    >
      <Stack gap="md">
        <Text>{t(`leaveGuard.${shown}.text`)}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t(`leaveGuard.${shown}.stay`)}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t(`leaveGuard.${shown}.leave`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
