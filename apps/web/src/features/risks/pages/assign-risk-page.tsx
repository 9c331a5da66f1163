import { Tabs } from "@mantine/core";
import { IconHelmet } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { EpiPicksPanel } from "../components/epis/epi-picks-panel";

type TTab = "epis";

/**
 * `assigne-risk`: the enterprise's risk configuration as tabs (`?tab=`). The protective equipment picks are
 * the enterprise's own (PUT /api/enterprise-epis is Enterprise only).
 */
export function AssignRiskPage() {
  const { t } = useTranslation("risks");
  const session = useSession();
  const isEnterprise = sessionArea(session) === "enterprise";
  const [params, setParams] = useSearchParams();
  const tabs: TTab[] = isEnterprise ? ["epis"] : [];
  const tab = tabs.find((value) => value === params.get("tab")) ?? tabs[0];

  return (
    <>
      <PageTitle title={t("common:pages.riskAssignment")} description={t("assign.description")} />
      <Tabs
        value={tab ?? null}
        onChange={(next) => next && setParams({ tab: next }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {isEnterprise ? (
            <Tabs.Tab value="epis" leftSection={<IconHelmet size={16} aria-hidden />}>
              {t("assign.tabs.epis")}
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        {isEnterprise ? (
          <Tabs.Panel value="epis">
            <EpiPicksPanel />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
