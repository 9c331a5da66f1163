import { Anchor, Text } from "@mantine/core";
import type { TContractorSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable, type TColumn } from "../../../components/responsive-table";
import { useFormatDate } from "../../../lib/i18n/use-format-date";
import { CompanyLogo } from "../../supplier-company/components/company-logo";
import { AffiliationStatusBadge } from "./affiliation-status-badge";
import { ComplianceBadge } from "./compliance-badge";

interface TContractorListProps {
  contractors: TContractorSummary[];
  /** The area's base path, e.g. `/enterprise`. */
  basePath: string;
}

/** Contractors as a table on desktop and cards on phones; the name opens the profile. */
export function ContractorList({ contractors, basePath }: TContractorListProps) {
  const { t } = useTranslation(["contractors", "complianceView"]);
  const formatDate = useFormatDate();
  const columns: TColumn<TContractorSummary>[] = [
    {
      key: "email",
      header: t("fields.email"),
      render: (contractor) => (
        <Anchor href={`mailto:${contractor.email}`} fz="sm">
          {contractor.email}
        </Anchor>
      ),
    },
    {
      key: "status",
      header: t("fields.status"),
      render: (contractor) => <AffiliationStatusBadge status={contractor.affiliationStatus} />,
    },
    {
      key: "compliance",
      header: t("complianceView:badge.column"),
      render: (contractor) => <ComplianceBadge compliance={contractor.compliance} />,
    },
    { key: "since", header: t("fields.since"), render: (contractor) => formatDate(contractor.since) },
    {
      key: "employees",
      header: t("fields.employees"),
      render: (contractor) => <Text fz="sm">{contractor.employeeCount}</Text>,
    },
  ];
  return (
    <ResponsiveTable
      rows={contractors}
      rowKey={(contractor) => contractor.id}
      rowTestId="contractor-row"
      caption={t("list.caption")}
      primary={{
        header: t("fields.contractor"),
        image: (contractor) => <CompanyLogo name={contractor.name} logo={contractor.logo} size={32} />,
        render: (contractor) => (
          <Anchor
            component={Link}
            to={`${basePath}/suppliers/profile?id=${encodeURIComponent(contractor.id)}`}
            fw={600}
            style={{ overflowWrap: "anywhere", minWidth: 0 }}
          >
            {contractor.name}
          </Anchor>
        ),
      }}
      columns={columns}
    />
  );
}
