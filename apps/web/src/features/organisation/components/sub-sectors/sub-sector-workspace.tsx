import { Button, Grid, Stack, Title } from "@mantine/core";
import type { TSector, TSubSector } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { useErrorMessage } from "../../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useSectorSubSectors } from "../../api/list-sub-sectors";
import { useUpdateSubSector } from "../../api/update-sub-sector";
import type { TFractions } from "../map/map-coordinates";
import { SectorMap } from "../map/sector-map";
import { ReplaceMapButton } from "../sectors/replace-map-button";
import { DeleteSubSectorDialog } from "./delete-sub-sector-dialog";
import { SubSectorEditor } from "./sub-sector-editor";
import { SubSectorList } from "./sub-sector-list";
import { useSubSectorEditing } from "./use-sub-sector-editing";

/** One sector's map and its sub-sectors: place by clicking, move by dragging, or type the position. */
export function SubSectorWorkspace({ sector }: { sector: TSector }) {
  const { t } = useTranslation("organisation");
  const describe = useErrorMessage();
  const subSectors = useSectorSubSectors(sector.id);
  const move = useUpdateSubSector();
  const [deleting, setDeleting] = useState<TSubSector | null>(null);
  const planned = sector.map !== null;
  const editor = useSubSectorEditing(sector.id, planned, (saved, created) =>
    notifySuccess(t(created ? "subSectors.created" : "subSectors.updated", { name: saved.name })),
  );
  const { editing } = editor;
  const editedId = editing.mode === "edit" ? editing.subSector.id : null;
  const list = subSectors.data ?? [];
  const values = editor.form.getValues();
  // A new sub-sector's list arrives (refreshed by its save) a moment before the editor closes: its saved pin then
  // stands for it, never two pins of one name.
  const arrived = editor.saving && editing.mode === "new" && list.some((item) => item.name === values.name.trim());

  const moveSaved = (id: string, point: TFractions) => {
    const subSector = list.find((item) => item.id === id);
    if (!subSector) return;
    move.mutate(
      { id, sectorId: sector.id, ...point },
      {
        onSuccess: () => notifySuccess(t("subSectors.moved", { name: subSector.name })),
        onError: (error) => notifyError(t("subSectors.moveFailed", { name: subSector.name, reason: describe(error) })),
      },
    );
  };

  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.open({ mode: "new" })}>
      {t("subSectors.new")}
    </Button>
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t("subSectors.mapTitle", { name: sector.name })}
          </Title>
          <SectorMap
            sector={sector}
            markers={list.filter((item) => item.id !== editedId)}
            draft={
              editing.mode !== "closed" && editor.position && !arrived
                ? { ...editor.position, name: values.name, look: editing.mode === "edit" ? "selected" : "draft" }
                : null
            }
            onPick={(point) => (editing.mode === "closed" ? editor.open({ mode: "new" }, point) : editor.place(point))}
            onDraftMove={editor.place}
            onMarkerMove={editing.mode === "closed" ? moveSaved : undefined}
            onMarkerSelect={(id) => {
              const subSector = list.find((item) => item.id === id);
              if (subSector) editor.open({ mode: "edit", subSector });
            }}
            permanentLabels
            addPlan={<ReplaceMapButton sector={sector} />}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          {editing.mode === "closed" ? (
            newButton
          ) : (
            <SubSectorEditor
              key={editing.mode === "edit" ? editing.subSector.id : "new"}
              form={editor.form}
              editing={editing.mode === "edit" ? editing.subSector.name : null}
              planned={planned}
              error={editor.error}
              onSubmit={editor.submit}
              onCancel={editor.close}
            />
          )}
          <Title order={2} fz="h4">
            {t("subSectors.listTitle", { name: sector.name })}
          </Title>
          <QueryState
            query={subSectors}
            empty={
              <NextStep
                testId="empty-state"
                title={t("subSectors.emptyTitle")}
                description={t(planned ? "subSectors.emptyText" : "subSectors.emptyTextNoPlan")}
              />
            }
          >
            {(loaded) => (
              <SubSectorList
                subSectors={loaded}
                selectedId={editedId}
                onEdit={(subSector) => editor.open({ mode: "edit", subSector })}
                onDelete={setDeleting}
              />
            )}
          </QueryState>
        </Stack>
      </Grid.Col>
      <DeleteSubSectorDialog
        subSector={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (id === editedId) editor.close();
        }}
      />
    </Grid>
  );
}
