import { ActionIcon, Menu } from "@mantine/core";
import type { TEmployee } from "@openpermit/shared";
import { IconDots, IconMailForward, IconPencil, IconPlayerPlay, IconTrash, IconUserOff } from "@tabler/icons-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";

export type TEmployeeAction = "edit" | "resend" | "disable" | "enable" | "delete";

/** What an employee's status allows: resend only while invited; enable only once disabled. */
export function employeeActions(employee: Pick<TEmployee, "status">): TEmployeeAction[] {
  return [
    "edit",
    ...(employee.status === "invited" ? (["resend"] as const) : []),
    employee.status === "disabled" ? "enable" : "disable",
    "delete",
  ];
}

const ICONS = {
  edit: IconPencil,
  resend: IconMailForward,
  disable: IconUserOff,
  enable: IconPlayerPlay,
  delete: IconTrash,
} as const;

interface TEmployeeActionsMenuProps {
  employee: TEmployee;
  onAction: (action: TEmployeeAction, employee: TEmployee) => void;
}

/** One menu per employee keeps the row narrow at 360 px. */
export function EmployeeActionsMenu({ employee, onAction }: TEmployeeActionsMenuProps) {
  const { t } = useTranslation("employees");
  const actions = employeeActions(employee);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t("actionsFor", { name: employee.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const Icon = ICONS[action];
          return (
            <Fragment key={action}>
              {action === "delete" ? <Menu.Divider /> : null}
              <Menu.Item
                color={action === "delete" ? "red" : undefined}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => onAction(action, employee)}
              >
                {t(`actions.${action}`)}
              </Menu.Item>
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
