import { Stack, Tabs } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SectionLoader } from "../../../components/section-loader";
import { useListParams } from "../../../lib/router/use-list-params";
import { useAllSectors } from "../api/list-sectors";
import { SectorFirst } from "../components/prerequisites";
import { SectorPicker } from "../components/sub-sectors/sector-picker";
import { SubSectorWorkspace } from "../components/sub-sectors/sub-sector-workspace";
import { useOrgScope } from "../components/use-org-scope";

// The isolation tabs load when opened: the sub-sectors' map is what most visits come for.
const IsolationRegister = lazy(() =>
  import("../../isolations/components/isolation-register").then((m) => ({ default: m.IsolationRegister })),
);
const IsolationsInPlace = lazy(() =>
  import("../../isolations/components/isolations-in-place").then((m) => ({ default: m.IsolationsInPlace })),
);

const TABS = ["subSectors", "isolations", "inPlace"] as const;
type TTab = (typeof TABS)[number];

/**
 * Enterprise `soussecteurs`, super-responsible `subzone`: sub-sectors placed on a sector's map, and, in tabs, the
 * sector's isolation points (lock-out/tag-out) and every isolation in place now.
 */
export function SubSectorsPage() {
  const { t } = useTranslation("organisation");
  const { t: ti } = useTranslation("isolations");
  const scope = useOrgScope();
  const sectors = useAllSectors();
  const { params, update } = useListParams();
  const wanted = params.get("sector");
  const tab: TTab = (TABS as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as TTab)
    : "subSectors";
  const list = sectors.data ?? [];
  const sector = list.find((item) => item.id === wanted) ?? list[0] ?? null;

  // The URL names the sector and the tab shown, so a reload or a shared link opens the same ones.
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
            <Tabs
              value={tab}
              onChange={(next) => update({ tab: next === "subSectors" ? null : next })}
              keepMounted={false}
            >
              <Tabs.List mb="md">
                <Tabs.Tab value="subSectors">{ti("tabs.subSectors")}</Tabs.Tab>
                <Tabs.Tab value="isolations" data-testid="tab-isolations">
                  {ti("tabs.register")}
                </Tabs.Tab>
                <Tabs.Tab value="inPlace" data-testid="tab-in-place">
                  {ti("tabs.inPlace")}
                </Tabs.Tab>
              </Tabs.List>
              {tab === "inPlace" ? (
                <Suspense fallback={<SectionLoader />}>
                  <IsolationsInPlace />
                </Suspense>
              ) : (
                <Stack gap="md">
                  <SectorPicker
                    sectors={list}
                    value={sector.id}
                    onChange={(id) => update({ sector: id })}
                    groupByDivision={scope.isEnterprise}
                  />
                  {tab === "isolations" ? (
                    <Suspense fallback={<SectionLoader />}>
                      <IsolationRegister key={sector.id} sector={sector} />
                    </Suspense>
                  ) : (
                    // A plan added meanwhile is a new workspace: its form now asks where each sub-sector is.
                    <SubSectorWorkspace key={`${sector.id}:${Boolean(sector.map)}`} sector={sector} />
                  )}
                </Stack>
              )}
            </Tabs>
          )
        }
      </QueryState>
    </>
  );
}
