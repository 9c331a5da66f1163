import { Button, Stack } from "@mantine/core";
import { IconFilePlus } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { withTimeout } from "../../../app/lazy-page";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SectionLoader } from "../../../components/section-loader";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { useDeadEnds } from "../../organisation/api/get-dead-ends";
import { DeadEndWarnings } from "../../organisation/components/dead-ends/dead-end-warnings";
import { EmergencyStopPanel } from "../../organisation/components/emergencies/emergency-stop-panel";
import { useDashboard } from "../api/dashboard";
import { DashboardFigures } from "../components/dashboard-figures";
import { WeekAgenda } from "../components/week-agenda";

// The live site map (its plan, pins and lists) loads after the figures, only for the principal's staff.
const LiveSiteMap = lazy(() =>
  withTimeout(() => import("../../site-map/components/live-site-map")).then((m) => ({ default: m.LiveSiteMap })),
);

/** Where the enterprise and a super-responsible fix the permissions matrix (its tab of the managers page). */
const MATRIX_PATHS = { enterprise: "/enterprise/superResponsible", superresponsible: "/superresponsible/responsable" };

/**
 * The `default` page of principal staff and contractors: what matters to them now, each figure opening its
 * list, and the permits of the coming week.
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const area = sessionArea(useSession());
  const dashboard = useDashboard();
  const side = dashboard.data?.side;
  // The dead-ends warning stands above the figures: they wait for its check (fetched beside the figures, the same
  // query the warning reads), so that a warning arriving later does not push the page down under a reader's thumb.
  const checksFlows = area === "enterprise" || area === "superresponsible";
  const flowCheck = useDeadEnds(undefined, { enabled: checksFlows });
  const createRequest =
    side === "contractor" && area ? (
      <Button
        component={Link}
        to={`/${area}/list-permis-saved/new`}
        leftSection={<IconFilePlus size={16} aria-hidden />}
        data-testid="dashboard-create-request"
      >
        {t("createRequest")}
      </Button>
    ) : null;
  return (
    <>
      <PageTitle
        title={t("common:pages.dashboard")}
        description={side ? t(`description.${side}`) : undefined}
        actions={createRequest}
      />
      {!area || (checksFlows && flowCheck.isPending) ? (
        <SectionLoader />
      ) : (
        <QueryState query={dashboard} keepDataOnError>
          {(loaded) => (
            <Stack gap="xl">
              {/* First on the page a safety manager opens: the emergencies in force, and the stop itself. */}
              {area === "enterprise" || area === "superresponsible" || area === "responsible" ? (
                <EmergencyStopPanel canDeclare={area !== "responsible"} />
              ) : null}
              {area === "enterprise" || area === "superresponsible" ? (
                <DeadEndWarnings fixPath={`${MATRIX_PATHS[area]}?tab=matrix`} />
              ) : null}
              {/* The site as it is now: the managers' default view of it; the enterprise's after its figures. */}
              {area === "superresponsible" || area === "responsible" ? (
                <Suspense fallback={<SectionLoader />}>
                  <LiveSiteMap area={area} />
                </Suspense>
              ) : null}
              <DashboardFigures dashboard={loaded} area={area} />
              {area === "enterprise" ? (
                <Suspense fallback={<SectionLoader />}>
                  <LiveSiteMap area={area} />
                </Suspense>
              ) : null}
              <WeekAgenda dashboard={loaded} area={area} />
            </Stack>
          )}
        </QueryState>
      )}
    </>
  );
}
