import { type MantineSize, Modal } from "@mantine/core";
import type React from "react";
import { useRetained } from "../lib/use-retained";
import { useCloseButtonProps } from "./use-close-button-props";

interface TFormModalProps {
  opened: boolean;
  /** The title while open; null when closed (the last one stays through the close transition). */
  title: string | null;
  onClose: () => void;
  /** False where a stray click outside must not throw away what was typed. */
  closeOnClickOutside?: boolean;
  /** Large by default; a form of two or three short fields takes Mantine's default, md. */
  size?: MantineSize;
  children: React.ReactNode;
}

/** The centred modal every create-or-edit form opens in, with a named close button. */
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={retainedTitle}
      size={size}
      centered
      closeOnClickOutside={closeOnClickOutside}
      closeButtonProps={closeButtonProps}
    >
      {children}
    </Modal>
  );
}
