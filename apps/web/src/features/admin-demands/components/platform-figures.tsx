import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { TAdminDashboard, TCompanyStatus } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FigureCard } from "../../../components/figure-card";
import { QueryState } from "../../../components/query-state";
import { useAdminDashboard } from "../api/get-admin-dashboard";

/** The statuses each kind of company can be in, in the order an admin reads them (what waits first). */
const ENTERPRISE_STATUSES: readonly TCompanyStatus[] = [
  "pending_verification",
  "active",
  "disabled",
  "pending_confirmation",
];
const SUPPLIER_STATUSES: readonly TCompanyStatus[] = ["pending_confirmation", "active", "disabled"];

function FigureGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h4" mb="xs" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {children}
      </SimpleGrid>
    </section>
  );
}

function Figures({ data }: { data: TAdminDashboard }) {
  const { t } = useTranslation("dashboard");
  const companies = (kind: "enterprises" | "suppliers", statuses: readonly TCompanyStatus[]) =>
    statuses.map((status) => (
      <FigureCard
        key={status}
        label={t(`common:accountStatus.${status}`)}
        value={data[kind][status]}
        to={`/admin/${kind}?status=${status}`}
        testId={`figure-${kind}-${status}`}
      />
    ));
  return (
    <Stack gap="lg">
      <FigureGroup id="figures-demands" title={t("admin.demands")}>
        <FigureCard
          label={t("admin.enterpriseAccounts")}
          value={data.pendingDemands.enterpriseAccounts}
          to="/admin/demands?status=pending"
          alert={data.pendingDemands.enterpriseAccounts > 0}
          testId="figure-demands-enterprise-accounts"
        />
        <FigureCard
          label={t("admin.creditRequests")}
          value={data.pendingDemands.credits}
          to="/admin/demands?status=pending&kind=credits"
          alert={data.pendingDemands.credits > 0}
          testId="figure-demands-credits"
        />
      </FigureGroup>
      <FigureGroup id="figures-enterprises" title={t("admin.enterprises")}>
        {companies("enterprises", ENTERPRISE_STATUSES)}
      </FigureGroup>
      <FigureGroup id="figures-suppliers" title={t("admin.suppliers")}>
        {companies("suppliers", SUPPLIER_STATUSES)}
      </FigureGroup>
      <FigureGroup id="figures-credits" title={t("admin.credits")}>
        <FigureCard
          label={t("admin.sold")}
          value={data.credits.sold}
          to="/admin/enterprises"
          testId="figure-credits-sold"
        />
        <FigureCard
          label={t("admin.used")}
          value={data.credits.used}
          to="/admin/enterprises"
          testId="figure-credits-used"
        />
      </FigureGroup>
    </Stack>
  );
}

/** The platform at a glance: what waits for the admin, companies by status, permit credits sold and used. */
export function PlatformFigures() {
  const dashboard = useAdminDashboard();
  return (
    <QueryState query={dashboard} keepDataOnError>
      {(data) => <Figures data={data} />}
    </QueryState>
  );
}
