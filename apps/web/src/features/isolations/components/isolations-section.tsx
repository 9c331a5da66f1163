import { Checkbox, Fieldset, Stack, Text } from "@mantine/core";
import type { TIsolationPoint } from "@openpermit/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { setPermitIsolations, usePermitIsolations, useSectorPoints } from "../api/isolations";

interface TPlace {
  enterpriseId: string | null;
  sectorId: string | null;
  subSectorId: string | null;
}

/**
 * The isolations a request needs, chosen among its sector's points: pre-filled from the place (the chosen
 * sub-sector's points, or the sector's own when none is chosen) until the user changes the choice; saved with the
 * draft (PUT /api/permits/:id/isolations) once the draft itself is saved.
 */
export function usePermitIsolationChoice(permitId: string | null, place: TPlace) {
  const stored = usePermitIsolations(permitId);
  const points = useSectorPoints(place.enterpriseId ? place.sectorId : null, place.enterpriseId ?? undefined);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [touched, setTouched] = useState(false);
  const [savedIds, setSavedIds] = useState<string[] | null>(null);

  const storedIds = stored.data ? stored.data.points.map((p) => p.id) : null;
  const ofPlace = (points.data ?? [])
    .filter((p) => (place.subSectorId ? p.subSectorId === place.subSectorId : p.subSectorId === null))
    .map((p) => p.id);
  // Until the user chooses: what the draft holds, or (none yet) what the place configures.
  const prefill = storedIds && storedIds.length > 0 ? storedIds : ofPlace;
  const ids = touched && chosen ? chosen : prefill;
  const available = new Set((points.data ?? []).map((p) => p.id));
  const inSector = ids.filter((id) => available.has(id));

  // A change of sector starts the choice again (another sector's points cannot be named).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of sector resets the choice.
  useEffect(() => {
    setTouched(false);
    setChosen(null);
  }, [place.sectorId]);

  return {
    points: points.data ?? [],
    loading: points.isPending && place.sectorId !== null,
    ids: inSector,
    choose: (next: string[]) => {
      setTouched(true);
      setChosen(next);
    },
    /** Stores the choice on the saved draft when it differs from what is stored. */
    save: async (id: string) => {
      const before = savedIds ?? storedIds ?? [];
      if (points.data === undefined) return;
      if (before.length === inSector.length && before.every((p) => inSector.includes(p))) return;
      await setPermitIsolations(id, inSector);
      setSavedIds(inSector);
    },
  };
}

export type TPermitIsolationChoice = ReturnType<typeof usePermitIsolationChoice>;

/** The request form's section: every point of the chosen sector, ticked when the work needs it. */
export function IsolationsSection({ choice }: { choice: TPermitIsolationChoice }) {
  const { t } = useTranslation("isolations");
  if (choice.points.length === 0) return null;
  const label = (p: TIsolationPoint) =>
    `${p.tag} — ${p.equipment} (${t(`energy.${p.energy}`)}${p.subSectorName ? `, ${p.subSectorName}` : ""})`;
  return (
    <Fieldset legend={t("form.title")} data-testid="permit-isolations-section">
      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          {t("form.help")}
        </Text>
        <Checkbox.Group value={choice.ids} onChange={choice.choose} aria-label={t("form.title")}>
          <Stack gap={6}>
            {choice.points.map((p) => (
              <Checkbox
                key={p.id}
                value={p.id}
                label={label(p)}
                description={p.method}
                data-testid="permit-isolation-choice"
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </Fieldset>
  );
}
