import { ActionIcon, Anchor, Badge, Tooltip } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { IconMap } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable, type TColumn } from "../../../../components/responsive-table";
import { RowActions } from "../../../../components/row-actions";

interface TSectorListProps {
  sectors: TSector[];
  showDivision: boolean;
  onOpen: (sector: TSector) => void;
  onEdit: (sector: TSector) => void;
  onDelete: (sector: TSector) => void;
}

export function SectorList({ sectors, showDivision, onOpen, onEdit, onDelete }: TSectorListProps) {
  const { t } = useTranslation("organisation");
  const columns: TColumn<TSector>[] = [
    { key: "number", header: t("fields.number"), render: (sector) => `#${sector.number}` },
    ...(showDivision
      ? [{ key: "division", header: t("fields.division"), render: (sector: TSector) => sector.division.name }]
      : []),
    { key: "gathering", header: t("fields.gatheringPoint"), render: (sector) => sector.gatheringPoint },
    { key: "subSectors", header: t("fields.subSectors"), render: (sector) => sector.subSectorCount },
    {
      key: "map",
      header: t("fields.map"),
      render: (sector) =>
        sector.map ? (
          <Badge variant="dot" color="teal">
            {t("sectors.hasMap")}
          </Badge>
        ) : (
          <Badge variant="dot" color="orange">
            {t("sectors.noMap")}
          </Badge>
        ),
    },
  ];
  return (
    <ResponsiveTable
      rows={sectors}
      rowKey={(sector) => sector.id}
      rowTestId="sector-row"
      caption={t("sectors.caption")}
      primary={{
        header: t("fields.name"),
        render: (sector) => (
          <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(sector)}>
            {sector.name}
          </Anchor>
        ),
      }}
      columns={columns}
      actions={(sector) => (
        <RowActions name={sector.name} onEdit={() => onEdit(sector)} onDelete={() => onDelete(sector)}>
          <Tooltip label={t("sectors.openMap")} withArrow>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t("sectors.openNamed", { name: sector.name })}
              onClick={() => onOpen(sector)}
            >
              <IconMap size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </RowActions>
      )}
    />
  );
}
