import { Stack, Title } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { SectorMap } from "../../organisation/components/map/sector-map";
import { useEnterpriseSector } from "../api/form-sources";

/**
 * Where the work is: the sector's plan with the permit's sub-sector pinned (read only). Nothing when the permit
 * names no sub-sector, when its sector or sub-sector was deleted since (the details say so), or when the
 * sub-sector is not placed on a plan (its sector has none yet: the details name it).
 */
export function PermitLocation({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const place = permit.sector && permit.subSector && !permit.sector.deleted && !permit.subSector.deleted;
  const sector = useEnterpriseSector(place ? permit.enterprise.id : null, place ? permit.sector!.id : null);
  if (!place || !sector.data?.map) return null;
  const { id, name, x, y } = permit.subSector!;
  if (x === null || y === null) return null;
  return (
    <Stack gap="xs" data-testid="permit-location">
      <Title order={2} fz="h4">
        {t("page.location")}
      </Title>
      <SectorMap sector={sector.data} markers={[{ id, name, x, y }]} selectedId={id} permanentLabels />
    </Stack>
  );
}
