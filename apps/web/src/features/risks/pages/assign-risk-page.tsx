import { Tabs } from "@mantine/core";
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconFlame,
  IconHelmet,
  IconLink,
  IconListCheck,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { AssignmentPanel } from "../components/assign/assignment-panel";
import { EpiPicksPanel } from "../components/epis/epi-picks-panel";
import { LinksPanel } from "../components/links/links-panel";
import { RisksPanel } from "../components/risks/risks-panel";
import { SpecificRisksPanel } from "../components/specific-risks/specific-risks-panel";

const ENTERPRISE_PATHS = { sectors: "/enterprise/secteurs", workTypes: "/enterprise/procedure-work-type" };
const SUPER_PATHS = { sectors: "/superresponsible/zones", workTypes: null };

type TTab = "assignment" | "risks" | "critical" | "specific" | "links" | "epis";

/**
 * `assigne-risk`: the risk configuration as tabs (`?tab=`). Risks are the enterprise's (super-responsibles
 * read them, useful links included); the protective equipment picks are the enterprise's own (PUT /api/enterprise-epis).
 */
export function AssignRiskPage() {
  const { t } = useTranslation("risks");
  const session = useSession();
  const isEnterprise = sessionArea(session) === "enterprise";
  const [params, setParams] = useSearchParams();
  const tabs: { value: TTab; icon: ReactNode; panel: ReactNode }[] = [
    {
      value: "assignment",
      icon: <IconListCheck size={16} aria-hidden />,
      panel: <AssignmentPanel paths={isEnterprise ? ENTERPRISE_PATHS : SUPER_PATHS} />,
    },
    { value: "risks", icon: <IconAlertTriangle size={16} aria-hidden />, panel: <RisksPanel canEdit={isEnterprise} /> },
    {
      value: "critical",
      icon: <IconAlertOctagon size={16} aria-hidden />,
      panel: <RisksPanel critical canEdit={isEnterprise} />,
    },
    {
      value: "specific",
      icon: <IconFlame size={16} aria-hidden />,
      panel: <SpecificRisksPanel canEdit={isEnterprise} />,
    },
    { value: "links", icon: <IconLink size={16} aria-hidden />, panel: <LinksPanel canEdit={isEnterprise} /> },
    ...(isEnterprise
      ? [{ value: "epis" as const, icon: <IconHelmet size={16} aria-hidden />, panel: <EpiPicksPanel /> }]
      : []),
  ];
  const tab = tabs.find((item) => item.value === params.get("tab"))?.value ?? tabs[0]!.value;

  return (
    <>
      <PageTitle title={t("common:pages.riskAssignment")} description={t("assign.description")} />
      <Tabs value={tab} onChange={(next) => next && setParams({ tab: next }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value} leftSection={item.icon}>
              {t(`assign.tabs.${item.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            {item.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
