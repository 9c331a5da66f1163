import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import { applyApiError } from "./apply-api-error";

interface TSaveThenUploadSteps<T> {
  /** Checks the chosen files first (each shows its own reason); false stops before anything is sent. */
  check?: () => boolean;
  /** The POST or PATCH of the entity. */
  save: () => Promise<T>;
  /** The uploads that need the saved entity's id. */
  upload: (saved: T) => Promise<void>;
}

/**
 * Save an entity, then upload its files. A refused upload leaves the entity saved: `saved` holds it, so the
 * next submit only retries the uploads (the form says so) instead of creating a second one. `remember: false`
 * saves again on every submit (an edit whose fields stay editable after a failed upload).
 */
export function useSaveThenUpload<T, Values>(form: UseFormReturnType<Values>, { remember = true } = {}) {
  const [saved, setSaved] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);

  /** True once the entity is saved and every upload went through. */
  const submit = async ({ check, save, upload }: TSaveThenUploadSteps<T>): Promise<boolean> => {
    setError(null);
    if (check && !check()) return false;
    try {
      let target = remember ? saved : null;
      if (!target) {
        target = await save();
        if (remember) setSaved(target);
      }
      await upload(target);
      return true;
    } catch (caught) {
      if (!applyApiError(form, caught, {})) setError(caught);
      return false;
    }
  };

  return { saved, error, submit };
}
