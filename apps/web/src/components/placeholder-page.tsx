import { EmptyState, Paper } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "./page-title";

export const CAPABILITIES = [
  "dashboard",
  "statistics",
  "organisation",
  "riskSetup",
  "contractors",
  "requests",
  "permits",
  "catalogue",
  "enterprises",
  "companyPage",
] as const;
export type TCapability = (typeof CAPABILITIES)[number];

interface TPlaceholderPageProps {
  titleKey: string;
  capability: TCapability;
}

/** A listed route whose screen a later capability fills: its title and an honest empty state. */
export function PlaceholderPage({ titleKey, capability }: TPlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t(`pages.${titleKey}`)} />
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconTools aria-hidden />}
          variant="light"
          title={t("placeholder.title")}
          description={t(`placeholder.${capability}`)}
        />
      </Paper>
    </>
  );
}
