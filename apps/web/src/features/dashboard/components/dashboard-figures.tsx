import { SimpleGrid, Title } from "@mantine/core";
import {
  CONTRACTOR_PERMIT_FIGURES,
  PRINCIPAL_PERMIT_FIGURES,
  type TArea,
  type TContractorPermitFigure,
  type TDashboard,
  type TPrincipalPermitFigure,
} from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { FigureCard } from "../../../components/figure-card";
import { contractorsLink, creditsLink, permitFigureLink } from "./figure-links";

/** Figures that call for action as soon as there is one. */
const URGENT: ReadonlySet<string> = new Set(["overdue", "rechecks"]);

/** The caller's figures as cards, each opening its list. */
export function DashboardFigures({ dashboard, area }: { dashboard: TDashboard; area: TArea }) {
  const { t } = useTranslation("dashboard");
  const figures = dashboard.figures as Record<string, number>;
  const names: readonly (TPrincipalPermitFigure | TContractorPermitFigure)[] =
    dashboard.side === "principal" ? PRINCIPAL_PERMIT_FIGURES : CONTRACTOR_PERMIT_FIGURES;
  return (
    <section aria-labelledby="dashboard-figures">
      <Title order={2} fz="h3" mb="sm" id="dashboard-figures">
        {t("figures.title")}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm">
        {names.map((name) => (
          <FigureCard
            key={name}
            label={t(`figures.${dashboard.side}.${name}`)}
            value={figures[name] ?? 0}
            to={permitFigureLink(area, dashboard, name)}
            alert={URGENT.has(name) && (figures[name] ?? 0) > 0}
            testId={`figure-${name}`}
          />
        ))}
        {dashboard.side === "principal" ? (
          <>
            <FigureCard
              label={t("figures.principal.contractors")}
              value={dashboard.figures.contractors}
              to={contractorsLink(area)}
              testId="figure-contractors"
            />
            <FigureCard
              label={t("figures.principal.creditsRemaining")}
              value={dashboard.figures.creditsRemaining}
              to={creditsLink(area)}
              alert={dashboard.figures.creditsRemaining <= 0}
              testId="figure-creditsRemaining"
            />
          </>
        ) : null}
      </SimpleGrid>
    </section>
  );
}
