import { ActionIcon, Menu } from "@mantine/core";
import type { TManager } from "@openpermit/shared";
import { IconDots, IconMailForward, IconPencil, IconPlayerPlay, IconTrash, IconUserOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export type TManagerAction = "edit" | "resend" | "disable" | "enable" | "delete";

interface TManagerActionsMenuProps {
  manager: TManager;
  onAction: (action: TManagerAction, manager: TManager) => void;
}

/** One menu per manager keeps the row narrow at 360 px; only the actions its status allows. */
export function ManagerActionsMenu({ manager, onAction }: TManagerActionsMenuProps) {
  const { t } = useTranslation("organisation");
  const act = (action: TManagerAction) => () => onAction(action, manager);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t("managers.actionsFor", { name: manager.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={act("edit")}>
          {t("managers.actions.edit")}
        </Menu.Item>
        {manager.status === "invited" ? (
          <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={act("resend")}>
            {t("managers.actions.resend")}
          </Menu.Item>
        ) : null}
        {manager.status === "disabled" ? (
          <Menu.Item leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={act("enable")}>
            {t("managers.actions.enable")}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserOff size={16} aria-hidden />} onClick={act("disable")}>
            {t("managers.actions.disable")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={act("delete")}>
          {t("managers.actions.delete")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
