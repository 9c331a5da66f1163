import { Anchor, Text } from "@mantine/core";
import type { TManager } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ResponsiveTable, type TColumn } from "../../../../components/responsive-table";
import { ManagerActionsMenu, type TManagerAction } from "./manager-actions-menu";
import { ManagerStatusBadge } from "./manager-status-badge";

interface TManagerListProps {
  managers: TManager[];
  caption: string;
  showDivision: boolean;
  onAction: (action: TManagerAction, manager: TManager) => void;
}

export function ManagerList({ managers, caption, showDivision, onAction }: TManagerListProps) {
  const { t } = useTranslation("organisation");
  const columns: TColumn<TManager>[] = [
    {
      key: "email",
      header: t("fields.email"),
      render: (manager) => (
        <Anchor href={`mailto:${manager.email}`} fz="sm">
          {manager.email}
        </Anchor>
      ),
    },
    {
      key: "phone",
      header: t("fields.phone"),
      render: (manager) => <Text fz="sm">{manager.phone ?? "—"}</Text>,
    },
    ...(showDivision
      ? [{ key: "division", header: t("fields.division"), render: (manager: TManager) => manager.division.name }]
      : []),
    { key: "status", header: t("fields.status"), render: (manager) => <ManagerStatusBadge status={manager.status} /> },
  ];
  return (
    <ResponsiveTable
      rows={managers}
      rowKey={(manager) => manager.id}
      rowTestId="manager-row"
      caption={caption}
      titleOrder={3}
      primary={{ header: t("fields.fullName"), render: (manager) => manager.name }}
      columns={columns}
      actions={(manager) => <ManagerActionsMenu manager={manager} onAction={onAction} />}
    />
  );
}
