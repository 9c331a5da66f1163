import { Anchor } from "@mantine/core";
import type { TAdminEnterprise } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable, type TColumn } from "../../../components/responsive-table";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { CompanyAccessButton } from "./company-access-button";
import { CompanyStatusBadge } from "./company-status-badge";

export const enterpriseProfilePath = (id: string) => `/admin/enterprises/profile?id=${encodeURIComponent(id)}`;

export function EnterpriseList({ enterprises }: { enterprises: TAdminEnterprise[] }) {
  const { t } = useTranslation("adminCompanies");
  const formatDate = useFormatDate();
  const columns: TColumn<TAdminEnterprise>[] = [
    {
      key: "email",
      header: t("fields.email"),
      render: (enterprise) => (
        <Anchor href={`mailto:${enterprise.email}`} fz="sm">
          {enterprise.email}
        </Anchor>
      ),
    },
    { key: "divisions", header: t("fields.divisions"), render: (enterprise) => enterprise.divisionCount },
    { key: "managers", header: t("fields.managers"), render: (enterprise) => enterprise.managerCount },
    { key: "contractors", header: t("fields.contractors"), render: (enterprise) => enterprise.contractorCount },
    {
      key: "status",
      header: t("fields.status"),
      render: (enterprise) => <CompanyStatusBadge status={enterprise.status} />,
    },
    { key: "since", header: t("fields.since"), render: (enterprise) => formatDate(enterprise.createdAt) },
  ];
  return (
    <ResponsiveTable
      rows={enterprises}
      rowKey={(enterprise) => enterprise.id}
      rowTestId="enterprise-row"
      caption={t("enterprises.caption")}
      titleOrder={2}
      minWidth={960}
      primary={{
        header: t("fields.name"),
        render: (enterprise) => (
          <Anchor component={Link} to={enterpriseProfilePath(enterprise.id)} fw={600}>
            {enterprise.name}
          </Anchor>
        ),
      }}
      columns={columns}
      actions={(enterprise) => <CompanyAccessButton kind="enterprise" company={enterprise} />}
    />
  );
}
