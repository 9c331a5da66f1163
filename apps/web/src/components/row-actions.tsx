import { ActionIcon, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface TRowActionsProps {
  /** The row's name, in each button's accessible name ("Edit North Plant"). */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Buttons before Edit (e.g. open the detail). */
  children?: ReactNode;
}

/** Compact Edit and Delete icon buttons for a table row or a card, named after the row. */
export function RowActions({ name, onEdit, onDelete, children }: TRowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      {onEdit ? (
        <Tooltip label={t("actions.edit")} withArrow>
          <ActionIcon variant="subtle" size="lg" aria-label={t("actions.editNamed", { name })} onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={t("actions.delete")} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t("actions.deleteNamed", { name })}
            onClick={onDelete}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </>
  );
}
