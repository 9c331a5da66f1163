import type { TSubSector } from "@openpermit/shared";
import { useState } from "react";
import { applyApiError } from "../../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { useCreateSubSector } from "../../api/create-sub-sector";
import { useUpdateSubSector } from "../../api/update-sub-sector";
import { type TFractions, toPercent } from "../map/map-coordinates";
import {
  percentsOf,
  positionOf,
  subSectorFormSchema,
  type TSubSectorFormValues,
  unplacedSubSectorFormSchema,
} from "./sub-sector-form-schema";

/** Closed, a new sub-sector, or one being edited. */
export type TEditing = { mode: "closed" } | { mode: "new" } | { mode: "edit"; subSector: TSubSector };

const EMPTY: TSubSectorFormValues = { name: "", x: "", y: "" };

/**
 * The sub-sector form shared by the editor panel and the map: a click on the map or a dragged pin
 * writes the position into the form; the typed name is never lost on a failed save. Without a plan
 * (`planned` false) it is a name only, and the sub-sector is saved unplaced.
 */
export function useSubSectorEditing(
  sectorId: string,
  planned: boolean,
  onSaved: (subSector: TSubSector, created: boolean) => void,
) {
  const [editing, setEditing] = useState<TEditing>({ mode: "closed" });
  const [error, setError] = useState<unknown>(null);
  const create = useCreateSubSector();
  const update = useUpdateSubSector();
  const form = useSchemaForm<TSubSectorFormValues>({
    schema: planned ? subSectorFormSchema : unplacedSubSectorFormSchema,
    initialValues: EMPTY,
  });

  const open = (next: TEditing, position?: TFractions) => {
    setError(null);
    form.clearErrors();
    if (next.mode === "edit") {
      const { subSector } = next;
      form.setValues({ name: subSector.name, ...percentsOf(subSector) });
    } else {
      form.setValues({ ...EMPTY, ...(position ? { x: toPercent(position.x), y: toPercent(position.y) } : {}) });
    }
    form.resetDirty();
    setEditing(next);
  };

  const place = (position: TFractions) => {
    form.setFieldValue("x", toPercent(position.x));
    form.setFieldValue("y", toPercent(position.y));
    form.clearFieldError("x");
    form.clearFieldError("y");
  };

  const close = () => {
    setError(null);
    setEditing({ mode: "closed" });
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const name = subSectorFormSchema.shape.name.parse(values.name);
    // Placed when the sector has a plan (the schema requires the position then); a name alone otherwise.
    const position = planned ? positionOf(values) : null;
    try {
      if (editing.mode === "edit") {
        const { subSector } = editing;
        const saved = await update.mutateAsync({ id: subSector.id, sectorId, name, ...position });
        onSaved(saved, false);
      } else {
        onSaved(await create.mutateAsync({ sectorId, name, ...position }), true);
      }
      setEditing({ mode: "closed" });
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });

  const saving = create.isPending || update.isPending;
  return { editing, form, error, open, place, close, submit, saving, position: positionOf(form.getValues()) };
}
