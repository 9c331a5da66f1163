import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { permitPaths, type TArea, type TSitePermit, type TSiteSector } from "@openpermit/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { SectionLoader } from "../../../components/section-loader";
import { useSector } from "../../organisation/api/get-sector";
import { SectorMap } from "../../organisation/components/map/sector-map";
import type { TMapMarker } from "../../organisation/components/map/sector-map-view";
import { PermitStatusBadge } from "../../permits/components/permit-status-badge";
import { useSiteSector } from "../api/site-map";
import classes from "./live-site-map.module.css";
import { permitsByPlace, type TPinTone, toneOf } from "./pin-tone";

const ISOLATION_PREFIX = "isolation:";
const TONE_COLOURS: Record<TPinTone | "isolation", string> = {
  attention: "var(--mantine-color-red-8)",
  live: "var(--mantine-color-green-8)",
  planned: "var(--mantine-color-blue-7)",
  idle: "var(--mantine-color-gray-6)",
  isolation: "var(--mantine-color-yellow-9)",
};

/** One sector's plan: its places coloured by their permits, the isolations in place, and the permits by place. */
export function SiteSectorPlan({ sectorId, area }: { sectorId: string; area: TArea }) {
  const { t } = useTranslation("dashboard");
  const live = useSiteSector(sectorId);
  const sector = useSector(sectorId);
  const [place, setPlace] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  if (live.isPending || sector.isPending) return <SectionLoader />;
  if (!live.data || !sector.data) return <ApiErrorAlert error={live.error ?? sector.error} />;
  const data = live.data;
  const byPlace = permitsByPlace(data.permits);
  const markers: TMapMarker[] = [
    ...data.subSectors.map((s) => {
      const here = byPlace.get(s.id) ?? [];
      return {
        id: s.id,
        name: t("siteMap.pin", { name: s.name, count: here.length }),
        label: here.length > 0 ? `${s.name} (${here.length})` : s.name,
        x: s.x,
        y: s.y,
        look: toneOf(here),
      };
    }),
    ...data.isolations.flatMap((i) =>
      i.x === null || i.y === null
        ? []
        : [
            {
              id: `${ISOLATION_PREFIX}${i.id}`,
              name: t("siteMap.isolationPin", { tag: i.tag, equipment: i.equipment }),
              label: i.tag,
              x: i.x,
              y: i.y,
              look: "isolation" as const,
              shownOnly: true,
            },
          ],
    ),
  ];
  const select = (id: string) => {
    if (id.startsWith(ISOLATION_PREFIX)) return;
    setPlace(id);
    // The permits of the place tapped: brought into view and focused, as on a phone they are below the plan.
    requestAnimationFrame(() => listRef.current?.focus());
  };
  const places = [
    ...data.subSectors.map((s) => ({ id: s.id as string | null, name: s.name })),
    { id: null, name: t("siteMap.wholeSector") },
  ].filter((p) => (place ? p.id === place : (byPlace.get(p.id)?.length ?? 0) > 0));
  return (
    <Stack gap="sm" data-testid="site-sector-plan" data-sector={sectorId}>
      <Title order={3} size="h4">
        {t("siteMap.planOf", { name: `${data.sector.number} · ${data.sector.name}` })}
      </Title>
      {data.sector.emergency ? (
        <Alert color="red" variant="filled" title={t("siteMap.emergencyTitle")}>
          {t("siteMap.emergencyText")}
        </Alert>
      ) : null}
      <SectorMap sector={sector.data} markers={markers} selectedId={place} onMarkerSelect={select} permanentLabels />
      <Legend />
      <Stack gap="xs" ref={listRef} tabIndex={-1} aria-label={t("siteMap.permitsHere")}>
        {place ? (
          <Group justify="space-between">
            <Text fw={600}>{data.subSectors.find((s) => s.id === place)?.name}</Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setPlace(null)}>
              {t("siteMap.allPlaces")}
            </Button>
          </Group>
        ) : null}
        {data.truncated ? <Alert color="yellow">{t("siteMap.truncated")}</Alert> : null}
        {places.length === 0 || (place && (byPlace.get(place)?.length ?? 0) === 0) ? (
          <Text c="dimmed" fz="sm" data-testid="site-nothing-today">
            {t(place ? "siteMap.nothingHere" : "siteMap.nothingToday")}
          </Text>
        ) : (
          places.map((p) => (
            <PlacePermits key={p.id ?? "sector"} name={p.name} permits={byPlace.get(p.id) ?? []} area={area} />
          ))
        )}
      </Stack>
      <Isolations isolations={data.isolations} />
    </Stack>
  );
}

function Legend() {
  const { t } = useTranslation("dashboard");
  return (
    <Group gap="md" component="ul" aria-label={t("siteMap.legend")} style={{ listStyle: "none", padding: 0 }}>
      {(Object.keys(TONE_COLOURS) as (keyof typeof TONE_COLOURS)[]).map((tone) => (
        <Group key={tone} gap={6} component="li" wrap="nowrap">
          <span className={classes.swatch} style={{ background: TONE_COLOURS[tone] }} aria-hidden />
          <Text fz="xs">{t(`siteMap.tone.${tone}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

function PlacePermits({ name, permits, area }: { name: string; permits: TSitePermit[]; area: TArea }) {
  const { t, i18n } = useTranslation("dashboard");
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : "…");
  return (
    <Stack gap={6} component="section" aria-label={name}>
      <Text fw={600} fz="sm">
        {name}
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {permits.map((permit) => (
          <Stack
            key={permit.id}
            component="li"
            gap={4}
            data-testid="site-permit"
            data-status={permit.status}
            style={{ borderLeft: `4px solid ${permit.levelColour ?? "var(--mantine-color-gray-4)"}`, paddingLeft: 8 }}
          >
            <Anchor
              component={Link}
              to={permitPaths(area).view(permit.id)}
              fz="sm"
              style={{ overflowWrap: "anywhere" }}
            >
              {permit.documentNumber ? `${permit.documentNumber} · ${permit.taskTitle}` : permit.taskTitle}
            </Anchor>
            <Group gap={6}>
              <PermitStatusBadge status={permit.status} suspended={permit.suspended} overdue={permit.overdue} />
              <Text fz="xs" c="dimmed">
                {t("siteMap.window", { start: when(permit.startAt), end: when(permit.endAt) })}
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

function Isolations({ isolations }: { isolations: TSiteSector["isolations"] }) {
  const { t, i18n } = useTranslation("dashboard");
  if (isolations.length === 0) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <Stack gap={6} component="section" aria-labelledby="site-isolations-title" data-testid="site-isolations">
      <Text fw={600} fz="sm" id="site-isolations-title">
        {t("siteMap.isolationsTitle")}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {isolations.map((i) => (
          <Group key={i.id} component="li" gap={6} wrap="wrap">
            <Text fz="sm" fw={600}>
              {i.tag}
            </Text>
            <Text fz="sm">{i.equipment}</Text>
            <Badge color={i.proven ? "green" : "yellow.9"} variant="light" c="dark.8" tt="none">
              {t(i.proven ? "siteMap.proven" : "siteMap.notProven")}
            </Badge>
            <Text fz="xs" c="dimmed">
              {t("siteMap.since", { time: time.format(new Date(i.appliedAt)) })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
