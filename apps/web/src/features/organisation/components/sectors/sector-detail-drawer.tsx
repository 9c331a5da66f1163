import { Button, DataList, Drawer, Group, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TSector } from "@openpermit/shared";
import { IconMapPin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { QueryState } from "../../../../components/query-state";
import { BREAKPOINTS_PX } from "../../../../theme/breakpoints";
import { useSector } from "../../api/get-sector";
import { useSectorSubSectors } from "../../api/list-sub-sectors";
import { SectorMap } from "../map/sector-map";
import { ReplaceMapButton } from "./replace-map-button";

interface TSectorDetailDrawerProps {
  /** The sector in the URL (`?id=`), or null when closed. */
  sectorId: string | null;
  subSectorsPath: string;
  onClose: () => void;
}

/** A sector with its map and every sub-sector on it; the map can be replaced from here. */
export function SectorDetailDrawer({ sectorId, subSectorsPath, onClose }: TSectorDetailDrawerProps) {
  const { t } = useTranslation("organisation");
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.md}px)`, false, { getInitialValueInEffect: false });
  const sector = useSector(sectorId);
  return (
    <Drawer
      opened={sectorId !== null}
      onClose={onClose}
      position="right"
      size={wide ? "xl" : "100%"}
      title={sector.data ? `#${sector.data.number} ${sector.data.name}` : t("sectors.detailTitle")}
      closeButtonProps={{ "aria-label": t("common:close") }}
    >
      {sectorId === null ? null : (
        <QueryState query={sector}>
          {(loaded) => <SectorDetail sector={loaded} subSectorsPath={subSectorsPath} />}
        </QueryState>
      )}
    </Drawer>
  );
}

function SectorDetail({ sector, subSectorsPath }: { sector: TSector; subSectorsPath: string }) {
  const { t } = useTranslation("organisation");
  const subSectors = useSectorSubSectors(sector.id);
  return (
    <Stack gap="md" data-testid="sector-detail">
      <DataList labelWidth="9rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
        <DataList.Item>
          <DataList.ItemLabel>{t("fields.division")}</DataList.ItemLabel>
          <DataList.ItemValue>{sector.division.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("fields.gatheringPoint")}</DataList.ItemLabel>
          <DataList.ItemValue>{sector.gatheringPoint}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("fields.subSectors")}</DataList.ItemLabel>
          <DataList.ItemValue>{sector.subSectorCount}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {subSectors.error ? <ApiErrorAlert error={subSectors.error} /> : null}
      <SectorMap
        sector={sector}
        markers={subSectors.data ?? []}
        permanentLabels
        addPlan={<ReplaceMapButton sector={sector} />}
      />
      <Group justify="space-between" align="flex-start" gap="sm">
        {sector.map ? <ReplaceMapButton sector={sector} /> : <span />}
        <Button
          component={Link}
          to={`${subSectorsPath}?sector=${encodeURIComponent(sector.id)}`}
          variant="default"
          leftSection={<IconMapPin size={16} aria-hidden />}
        >
          {t("sectors.placeSubSectors")}
        </Button>
      </Group>
    </Stack>
  );
}
