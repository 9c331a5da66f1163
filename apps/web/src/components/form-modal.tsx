import { type MantineSize, Modal } from "@mantine/core";
import type React from "react";
import { useRetained } from "../lib/use-retained";
import { LeaveModalScope, useModalLeaveScope } from "./leave-guard";
import { useCloseButtonProps } from "./use-close-button-props";

interface TFormModalProps {
  opened: boolean;
  /** The title while open; null when closed (the last one stays through the close transition). */
  title: string | null;
  onClose: () => void;
  /** False where a stray click outside should do nothing at all (an unsaved form asks anyway). */
  closeOnClickOutside?: boolean;
  /** Large by default; a form of two or three short fields takes Mantine's default, md. */
  size?: MantineSize;
  children: React.ReactNode;
}

/**
 * The centred modal every create-or-edit form opens in, with a named close button. A form inside that calls
 * `useLeaveGuard(form.isDirty())` makes Escape, a click outside, the close button and its Cancel (FormFooter) ask
 * before its changes are thrown away; its own `onDone` after a save closes at once.
 */
export function FormModal({
  opened,
  title,
  onClose,
  closeOnClickOutside = true,
  size = "lg",
  children,
}: TFormModalProps) {
  const closeButtonProps = useCloseButtonProps();
  const retainedTitle = useRetained(title);
  const { scope, dialog } = useModalLeaveScope();
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => scope.confirm(onClose)}
        title={retainedTitle}
        size={size}
        centered
        closeOnClickOutside={closeOnClickOutside}
        closeButtonProps={closeButtonProps}
      >
        <LeaveModalScope scope={scope}>{children}</LeaveModalScope>
      </Modal>
      {dialog}
    </>
  );
}
