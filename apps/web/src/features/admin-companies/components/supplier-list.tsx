import { Anchor, Text } from "@mantine/core";
import type { TAdminSupplier } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable, type TColumn } from "../../../components/responsive-table";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { CompanyAccessButton } from "./company-access-button";
import { CompanyStatusBadge } from "./company-status-badge";

export const supplierProfilePath = (id: string) => `/admin/suppliers/profile?id=${encodeURIComponent(id)}`;

export function SupplierList({ suppliers }: { suppliers: TAdminSupplier[] }) {
  const { t } = useTranslation("adminCompanies");
  const formatDate = useFormatDate();
  const columns: TColumn<TAdminSupplier>[] = [
    {
      key: "email",
      header: t("fields.email"),
      render: (supplier) => (
        <Anchor href={`mailto:${supplier.email}`} fz="sm">
          {supplier.email}
        </Anchor>
      ),
    },
    { key: "phone", header: t("fields.phone"), render: (supplier) => <Text fz="sm">{supplier.phone ?? "—"}</Text> },
    { key: "employees", header: t("fields.employees"), render: (supplier) => supplier.employeeCount },
    { key: "affiliations", header: t("fields.affiliations"), render: (supplier) => supplier.affiliationCount },
    {
      key: "status",
      header: t("fields.status"),
      render: (supplier) => <CompanyStatusBadge status={supplier.status} />,
    },
    { key: "since", header: t("fields.since"), render: (supplier) => formatDate(supplier.createdAt) },
  ];
  return (
    <ResponsiveTable
      rows={suppliers}
      rowKey={(supplier) => supplier.id}
      rowTestId="supplier-row"
      caption={t("suppliers.caption")}
      titleOrder={2}
      minWidth={900}
      primary={{
        header: t("fields.name"),
        render: (supplier) => (
          <Anchor component={Link} to={supplierProfilePath(supplier.id)} fw={600}>
            {supplier.name}
          </Anchor>
        ),
      }}
      columns={columns}
      actions={(supplier) => <CompanyAccessButton kind="supplier" company={supplier} />}
    />
  );
}
