import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { TArea, TSiteSectorSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { NextStep } from "../../../components/next-step";
import { SectionLoader } from "../../../components/section-loader";
import { useSiteSectors } from "../api/site-map";
import classes from "./live-site-map.module.css";
import { SiteSectorPlan } from "./site-sector-plan";

/** The search parameter that keeps the chosen sector across reloads and in a shared link. */
const SECTOR_PARAM = "site";

/** The sector to show first: one needing attention, else one with work in progress, else the first. */
function firstToShow(sectors: readonly TSiteSectorSummary[]): string | null {
  const pick =
    sectors.find((s) => s.emergency || s.suspended > 0 || s.overdue > 0) ??
    sectors.find((s) => s.inProgress > 0) ??
    sectors[0];
  return pick?.id ?? null;
}

/**
 * The live site map (docs/safety.md, "Live site map"): each sector the reader sees with what is live there today,
 * grouped by division; the chosen sector's plan below. Kept current by the notification stream's `site` events.
 */
export function LiveSiteMap({ area }: { area: TArea }) {
  const { t } = useTranslation("dashboard");
  const sectors = useSiteSectors();
  const [params, setParams] = useSearchParams();
  const all = sectors.data?.sectors ?? [];
  const asked = params.get(SECTOR_PARAM);
  const chosen = all.some((s) => s.id === asked) ? asked : firstToShow(all);
  const choose = (id: string) =>
    setParams(
      (current) => {
        current.set(SECTOR_PARAM, id);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  const divisions = [...new Set(all.map((s) => s.divisionName))];
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="site-map-title">
      <Stack gap="md" data-testid="live-site-map">
        <div>
          <Title order={2} size="h3" id="site-map-title">
            {t("siteMap.title")}
          </Title>
          <Text fz="sm" c="dimmed">
            {t("siteMap.description")}
          </Text>
        </div>
        {sectors.isPending ? (
          <SectionLoader />
        ) : sectors.error && !sectors.data ? (
          <ApiErrorAlert error={sectors.error} />
        ) : all.length === 0 ? (
          <NextStep
            title={t("siteMap.noSectors")}
            description={t(area === "responsible" ? "siteMap.noSectorsResponsible" : "siteMap.noSectorsEditor")}
            link={
              area === "responsible"
                ? undefined
                : { to: `/${area}/${SECTORS_PAGE[area]}`, label: t("siteMap.toSectors") }
            }
            testId="site-map-no-sectors"
          />
        ) : (
          <>
            {divisions.map((division) => (
              <Stack key={division} gap="xs">
                {divisions.length > 1 ? (
                  <Title order={3} size="h5">
                    {division}
                  </Title>
                ) : null}
                <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="xs">
                  {all
                    .filter((s) => s.divisionName === division)
                    .map((sector) => (
                      <SectorCard
                        key={sector.id}
                        sector={sector}
                        chosen={sector.id === chosen}
                        onChoose={() => choose(sector.id)}
                      />
                    ))}
                </SimpleGrid>
              </Stack>
            ))}
            {chosen ? <SiteSectorPlan key={chosen} sectorId={chosen} area={area} /> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Where the enterprise and a super-responsible add sectors (their sectors page). */
const SECTORS_PAGE: Partial<Record<TArea, string>> = { enterprise: "secteurs", superresponsible: "zones" };

function SectorCard({
  sector,
  chosen,
  onChoose,
}: {
  sector: TSiteSectorSummary;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation("dashboard");
  const needsAttention = sector.emergency || sector.suspended > 0 || sector.overdue > 0;
  return (
    <UnstyledButton
      className={classes.card}
      data-chosen={chosen || undefined}
      data-attention={needsAttention || undefined}
      aria-pressed={chosen}
      onClick={onChoose}
      data-testid="site-sector"
    >
      <Text fw={600} fz="sm" style={{ overflowWrap: "anywhere" }}>
        {sector.number} · {sector.name}
      </Text>
      <Group gap={4} mt={6}>
        {sector.emergency ? (
          <Badge color="red.9" variant="filled" tt="none">
            {t("siteMap.emergency")}
          </Badge>
        ) : null}
        <Badge color="green" variant="light" c="dark.8" tt="none" data-testid="site-sector-in-progress">
          {t("siteMap.inProgress", { count: sector.inProgress })}
        </Badge>
        {sector.suspended > 0 ? (
          <Badge color="red.9" variant="outline" tt="none" data-testid="site-sector-suspended">
            {t("siteMap.suspended", { count: sector.suspended })}
          </Badge>
        ) : null}
        {sector.overdue > 0 ? (
          <Badge color="red.9" variant="filled" tt="none">
            {t("siteMap.overdue", { count: sector.overdue })}
          </Badge>
        ) : null}
        <Badge color="gray" variant="light" c="dark.6" tt="none">
          {t("siteMap.today", { count: sector.today })}
        </Badge>
        {sector.isolationsInPlace > 0 ? (
          <Badge color="yellow.9" variant="light" c="dark.8" tt="none">
            {t("siteMap.isolations", { count: sector.isolationsInPlace })}
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}
