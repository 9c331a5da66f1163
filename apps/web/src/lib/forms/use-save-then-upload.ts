import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import type { TClientErrorCode } from "../api/api-error";
import { applyApiError } from "./apply-api-error";

interface TSaveThenUploadSteps<T> {
  /** Checks the chosen files first (each shows its own reason); false stops before anything is sent. */
  check?: () => boolean;
  /** The POST or PATCH of the entity. */
  save: () => Promise<T>;
  /** The uploads that need the saved entity's id. */
  upload: (saved: T) => Promise<void>;
}

interface TSaveThenUploadOptions {
  /** false: save again on every submit (an edit whose fields stay editable after a failed upload). */
  remember?: boolean;
  /** Refusals of the save that belong to one field (`{ SECTOR_NUMBER_TAKEN: "number" }`). */
  fieldOfCode?: Partial<Record<TClientErrorCode, string>>;
  /** Where a refused upload goes instead of `error`, for a form that reports it beside the saved entity. */
  onUploadError?: (error: unknown) => void;
}

/**
 * Save an entity, then upload its files. A refused upload leaves the entity saved: `saved` holds it, so the
 * next submit only retries the uploads (the form says so) instead of creating a second one. `remember: false`
 * saves again on every submit (an edit whose fields stay editable after a failed upload).
 */
export function useSaveThenUpload<T, Values>(
  form: UseFormReturnType<Values>,
  { remember = true, fieldOfCode = {}, onUploadError }: TSaveThenUploadOptions = {},
) {
  const [saved, setSaved] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);

  /** True once the entity is saved and every upload went through. */
  const submit = async ({ check, save, upload }: TSaveThenUploadSteps<T>): Promise<boolean> => {
    setError(null);
    if (check && !check()) return false;
    let uploading = false;
    try {
      let target = remember ? saved : null;
      if (!target) {
        target = await save();
        if (remember) setSaved(target);
      }
      uploading = true;
      await upload(target);
      return true;
    } catch (caught) {
      if (uploading && onUploadError) onUploadError(caught);
      else if (!applyApiError(form, caught, fieldOfCode)) setError(caught);
      return false;
    }
  };

  return { saved, error, submit };
}
