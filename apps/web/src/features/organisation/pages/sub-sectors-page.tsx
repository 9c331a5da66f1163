import { Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { useListParams } from "../../../lib/router/use-list-params";
import { useAllSectors } from "../api/list-sectors";
import { SectorFirst } from "../components/prerequisites";
import { SectorPicker } from "../components/sub-sectors/sector-picker";
import { SubSectorWorkspace } from "../components/sub-sectors/sub-sector-workspace";
import { useOrgScope } from "../components/use-org-scope";

/** Enterprise `soussecteurs`, super-responsible `subzone`: sub-sectors placed on a sector's map. */
export function SubSectorsPage() {
  const { t } = useTranslation("organisation");
  const scope = useOrgScope();
  const sectors = useAllSectors();
  const { params, update } = useListParams();
  const wanted = params.get("sector");
  const list = sectors.data ?? [];
  const sector = list.find((item) => item.id === wanted) ?? list[0] ?? null;

  // The URL names the sector shown, so a reload or a shared link opens the same one.
  useEffect(() => {
    if (sector && sector.id !== wanted) update({ sector: sector.id });
  }, [sector, wanted, update]);

  return (
    <>
      <PageTitle title={t("common:pages.subSectors")} description={t("subSectors.description")} />
      <QueryState query={sectors}>
        {() =>
          !sector ? (
            <SectorFirst description={t("subSectors.sectorFirstHelp")} />
          ) : (
            <Stack gap="md">
              <SectorPicker
                sectors={list}
                value={sector.id}
                onChange={(id) => update({ sector: id })}
                groupByDivision={scope.isEnterprise}
              />
              <SubSectorWorkspace key={sector.id} sector={sector} />
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}
