import { Anchor, Text } from "@mantine/core";
import type { TEmployee } from "@openpermit/shared";
import { AREA_PATHS, areaPath } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable, type TColumn } from "../../../components/responsive-table";
import { EmployeeActionsMenu, type TEmployeeAction } from "./employee-actions-menu";
import { EmployeeStatusBadge } from "./employee-status-badge";

interface TEmployeeListProps {
  employees: TEmployee[];
  onAction: (action: TEmployeeAction, employee: TEmployee) => void;
}

export function EmployeeList({ employees, onAction }: TEmployeeListProps) {
  const { t } = useTranslation("employees");
  const columns: TColumn<TEmployee>[] = [
    {
      key: "email",
      header: t("fields.email"),
      render: (employee) => (
        <Anchor href={`mailto:${employee.email}`} fz="sm">
          {employee.email}
        </Anchor>
      ),
    },
    { key: "phone", header: t("fields.phone"), render: (employee) => <Text fz="sm">{employee.phone ?? "—"}</Text> },
    {
      key: "status",
      header: t("fields.status"),
      render: (employee) => <EmployeeStatusBadge status={employee.status} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={employees}
      rowKey={(employee) => employee.id}
      rowTestId="employee-row"
      caption={t("list.caption")}
      titleOrder={3}
      primary={{
        header: t("fields.name"),
        // The name opens the worker's card (competences, inductions, the QR code of the gate).
        render: (employee) => (
          <Anchor component={Link} to={areaPath("supplier", `${AREA_PATHS.employees}/${employee.id}`)}>
            {employee.name}
          </Anchor>
        ),
      }}
      columns={columns}
      actions={(employee) => <EmployeeActionsMenu employee={employee} onAction={onAction} />}
    />
  );
}
