import { Text } from "@mantine/core";
import type { TDivision } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../../components/responsive-table";
import { RowActions } from "../../../../components/row-actions";

interface TDivisionListProps {
  divisions: TDivision[];
  onEdit: (division: TDivision) => void;
  onDelete: (division: TDivision) => void;
}

export function DivisionList({ divisions, onEdit, onDelete }: TDivisionListProps) {
  const { t } = useTranslation("organisation");
  return (
    <ResponsiveTable
      rows={divisions}
      rowKey={(division) => division.id}
      rowTestId="division-row"
      caption={t("divisions.caption")}
      primary={{ header: t("fields.name"), render: (division) => division.name }}
      columns={[
        {
          key: "description",
          header: t("fields.description"),
          render: (division) => (
            <Text fz="sm" lineClamp={2}>
              {division.description}
            </Text>
          ),
        },
        {
          key: "address",
          header: t("fields.address"),
          render: (division) => (
            <Text fz="sm">
              {division.address}
              <br />
              {[division.postalCode, division.province, division.country].filter(Boolean).join(", ")}
            </Text>
          ),
        },
        { key: "sectors", header: t("fields.sectors"), render: (division) => division.sectorCount },
        { key: "people", header: t("fields.people"), render: (division) => division.peopleCount },
      ]}
      actions={(division) => (
        <RowActions name={division.name} onEdit={() => onEdit(division)} onDelete={() => onDelete(division)} />
      )}
    />
  );
}
