import { Tabs } from "@mantine/core";
import { IconTable, IconUserCog, IconUserShield } from "@tabler/icons-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { PageTitle } from "../../../components/page-title";
import { SectionLoader } from "../../../components/section-loader";
import { ManagersPanel } from "../components/managers/managers-panel";
import { PermissionsPanel } from "../components/permissions/permissions-panel";
import { DivisionFirst, OwnDivisionUnknown } from "../components/prerequisites";
import { useDivisionsForScope } from "../components/use-divisions-for-scope";

type TTab = "onsite" | "permit" | "matrix";

/**
 * Enterprise `superResponsible`: on-site managers, permit managers and the permissions matrix as tabs.
 * Super-responsible `responsable`: its division's permit managers and matrix.
 */
export function ManagersPage() {
  const { t } = useTranslation("organisation");
  const { scope, divisions, loading, error, missing } = useDivisionsForScope();
  const [params, setParams] = useSearchParams();
  const tabs: TTab[] = scope.isEnterprise ? ["onsite", "permit", "matrix"] : ["permit", "matrix"];
  const tab = tabs.find((value) => value === params.get("tab")) ?? tabs[0]!;
  const inviting = params.get("invite") === "1";
  const matrixDivision = scope.isEnterprise
    ? (divisions.find((division) => division.id === params.get("division")) ?? divisions[0] ?? null)
    : scope.ownDivision;

  // A new tab starts with its own filters.
  const show = (next: string | null, extra: Record<string, string> = {}) => {
    if (next) setParams({ tab: next, ...extra }, { replace: true });
  };
  const invitingStarted = useCallback(() => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("invite");
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const body = loading ? (
    <SectionLoader />
  ) : error ? (
    <ApiErrorAlert error={error} />
  ) : missing === "division" ? (
    <DivisionFirst description={t("managers.divisionFirstHelp")} />
  ) : missing === "ownDivision" ? (
    <OwnDivisionUnknown />
  ) : (
    <Tabs value={tab} onChange={(next) => show(next)} keepMounted={false}>
      <Tabs.List mb="md">
        {scope.isEnterprise ? (
          <Tabs.Tab value="onsite" leftSection={<IconUserShield size={16} aria-hidden />}>
            {t("managers.tabs.onsite")}
          </Tabs.Tab>
        ) : null}
        <Tabs.Tab value="permit" leftSection={<IconUserCog size={16} aria-hidden />}>
          {t("managers.tabs.permit")}
        </Tabs.Tab>
        <Tabs.Tab value="matrix" leftSection={<IconTable size={16} aria-hidden />}>
          {t("managers.tabs.matrix")}
        </Tabs.Tab>
      </Tabs.List>
      {scope.isEnterprise ? (
        <Tabs.Panel value="onsite">
          <ManagersPanel managerRole="SuperResponsible" isEnterprise divisions={divisions} fixedDivision={null} />
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="permit">
        <ManagersPanel
          managerRole="Responsible"
          isEnterprise={scope.isEnterprise}
          divisions={divisions}
          fixedDivision={scope.isEnterprise ? null : scope.ownDivision}
          startInviting={inviting}
          onInvitingStarted={invitingStarted}
        />
      </Tabs.Panel>
      <Tabs.Panel value="matrix">
        {matrixDivision ? (
          <PermissionsPanel
            isEnterprise={scope.isEnterprise}
            divisions={divisions}
            division={matrixDivision}
            onDivisionChange={(id) => show("matrix", { division: id })}
            onInvite={() =>
              show("permit", scope.isEnterprise ? { invite: "1", division: matrixDivision.id } : { invite: "1" })
            }
          />
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );

  return (
    <>
      <PageTitle
        title={t(scope.isEnterprise ? "common:pages.onSiteManagers" : "common:pages.permitManagers")}
        description={
          scope.ownDivision
            ? t("managers.descriptionOf", { division: scope.ownDivision.name })
            : t("managers.description")
        }
      />
      {body}
    </>
  );
}
