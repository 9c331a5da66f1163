import { Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  ISOLATION_ENERGIES,
  type TIsolationEnergy,
  type TIsolationPoint,
  type TIsolationPointInput,
  type TSector,
} from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { FormModal } from "../../../components/form-modal";
import { isApiError } from "../../../lib/api/api-error";
import { notifySuccess } from "../../../lib/notify";
import { useSectorSubSectors } from "../../organisation/api/list-sub-sectors";
import { toPercent } from "../../organisation/components/map/map-coordinates";
import { SectorMap } from "../../organisation/components/map/sector-map";
import { useSavePoint } from "../api/isolations";

interface TPointEditorProps {
  sector: TSector;
  /** The point edited, "new" for a new one, null when closed. */
  editing: TIsolationPoint | "new" | null;
  /** The sector's other points, drawn on the map. */
  others: TIsolationPoint[];
  onClose: () => void;
}

/** Adds or changes an isolation point: tag, equipment, energy, method, sub-sector, and a place on the map. */
export function PointEditor({ sector, editing, others, onClose }: TPointEditorProps) {
  const { t } = useTranslation("isolations");
  const title =
    editing === null
      ? null
      : editing === "new"
        ? t("register.newTitle")
        : t("register.editTitle", { tag: editing.tag });
  return (
    <FormModal opened={editing !== null} title={title} onClose={onClose}>
      {editing !== null ? (
        <PointForm
          key={editing === "new" ? "new" : editing.id}
          sector={sector}
          point={editing === "new" ? null : editing}
          others={others}
          onClose={onClose}
        />
      ) : null}
    </FormModal>
  );
}

function PointForm({
  sector,
  point,
  others,
  onClose,
}: {
  sector: TSector;
  point: TIsolationPoint | null;
  others: TIsolationPoint[];
  onClose: () => void;
}) {
  const { t } = useTranslation("isolations");
  const { t: tv } = useTranslation("validation");
  const save = useSavePoint();
  const subSectors = useSectorSubSectors(sector.id);
  const [values, setValues] = useState({
    tag: point?.tag ?? "",
    equipment: point?.equipment ?? "",
    energy: (point?.energy ?? null) as TIsolationEnergy | null,
    method: point?.method ?? "",
    subSectorId: point?.subSectorId ?? null,
  });
  const [position, setPosition] = useState(point?.x != null && point.y != null ? { x: point.x, y: point.y } : null);
  const fields = isApiError(save.error) ? save.error.fields : {};
  const fieldError = (name: string) => (fields[name] ? tv(fields[name]!) : undefined);
  const set = (name: keyof typeof values) => (value: string | null) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      energy: values.energy as TIsolationEnergy,
      sectorId: sector.id,
      x: position?.x ?? null,
      y: position?.y ?? null,
    } satisfies TIsolationPointInput;
    save.mutate(
      { id: point?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(t(point ? "register.updated" : "register.created", { tag: saved.tag }));
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="isolation-point-form">
      <Stack gap="sm">
        <ApiErrorAlert error={Object.keys(fields).length > 0 ? null : save.error} />
        <TextInput
          label={t("fields.tag")}
          withAsterisk
          maxLength={50}
          value={values.tag}
          onChange={(e) => set("tag")(e.currentTarget.value)}
          error={fieldError("tag")}
          data-autofocus
        />
        <TextInput
          label={t("fields.equipment")}
          withAsterisk
          maxLength={150}
          value={values.equipment}
          onChange={(e) => set("equipment")(e.currentTarget.value)}
          error={fieldError("equipment")}
        />
        <Select
          label={t("fields.energy")}
          withAsterisk
          data={ISOLATION_ENERGIES.map((energy) => ({ value: energy, label: t(`energy.${energy}`) }))}
          value={values.energy}
          onChange={set("energy")}
          error={fieldError("energy")}
          data-testid="isolation-energy"
        />
        <Textarea
          label={t("fields.method")}
          withAsterisk
          maxLength={250}
          autosize
          minRows={2}
          value={values.method}
          onChange={(e) => set("method")(e.currentTarget.value)}
          error={fieldError("method")}
        />
        <Select
          label={t("fields.subSector")}
          placeholder={t("fields.wholeSector")}
          clearable
          data={(subSectors.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={values.subSectorId}
          onChange={set("subSectorId")}
          error={fieldError("subSectorId")}
        />
        <Text fz="sm" fw={500}>
          {t("fields.position")}
        </Text>
        <SectorMap
          sector={sector}
          markers={others
            .filter((o) => o.id !== point?.id && o.x !== null && o.y !== null)
            .map((o) => ({ id: o.id, name: o.tag, x: o.x!, y: o.y! }))}
          draft={position ? { ...position, name: values.tag || t("fields.tag"), look: "draft" } : null}
          onPick={setPosition}
          onDraftMove={setPosition}
        />
        <Group justify="space-between">
          <Text fz="sm" c="dimmed" data-testid="isolation-position">
            {position
              ? t("register.position", { x: toPercent(position.x), y: toPercent(position.y) })
              : t("register.notPlaced")}
          </Text>
          {position ? (
            <Button variant="subtle" size="xs" onClick={() => setPosition(null)}>
              {t("register.unplace")}
            </Button>
          ) : null}
        </Group>
        {fieldError("y") ? (
          <Text c="red" fz="sm">
            {fieldError("y")}
          </Text>
        ) : null}
        <FormFooter onCancel={onClose} submitting={save.isPending} submitLabel={t("register.save")} />
      </Stack>
    </form>
  );
}
