import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NextStep } from "../../../components/next-step";
import { useOrgScope } from "./use-org-scope";

/** docs/domain.md, Messages: "You must create a division first", with the way to the divisions page. */
export function DivisionFirst({ description }: { description?: string }) {
  const { t } = useTranslation("organisation");
  const { paths } = useOrgScope();
  return (
    <NextStep
      testId="division-first"
      title={t("prerequisites.divisionFirst")}
      description={description ?? t("prerequisites.divisionFirstHelp")}
      link={paths.divisions ? { to: paths.divisions, label: t("prerequisites.createDivision") } : undefined}
    />
  );
}

/** docs/domain.md, Messages: "You must create a sector first", with the way to the sectors page of this area. */
export function SectorFirst({ description }: { description?: string }) {
  const { t } = useTranslation("organisation");
  const { paths } = useOrgScope();
  return (
    <NextStep
      testId="sector-first"
      title={t("prerequisites.sectorFirst")}
      description={description ?? t("prerequisites.sectorFirstHelp")}
      link={{ to: paths.sectors, label: t("prerequisites.createSector") }}
    />
  );
}

/** A super-responsible whose profile (and so its division) could not be loaded. */
export function OwnDivisionUnknown() {
  const { t } = useTranslation("organisation");
  return (
    <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {t("prerequisites.ownDivisionUnknown")}
    </Alert>
  );
}
