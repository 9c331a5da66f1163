import type { TPermitFile } from "@openpermit/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../../lib/api/api-error";
import { deletePermitFile, uploadPermitFile } from "../api/permits";
import { fileProblem, filesLeft } from "./file-checks";

export interface TUpload {
  key: string;
  file: File;
  /** `waiting`: the draft is not saved yet; `refused`: checked here and never sent. */
  state: "waiting" | "uploading" | "failed" | "refused";
  progress: number;
  /** A key of the permits namespace, or an error code (`errors:` namespace). */
  problem: string | null;
}

let counter = 0;

/**
 * A permit's files: the stored ones and the chosen ones, each sent on its own with its progress as soon as the
 * draft has an id (the chosen ones wait for the first save). A failed upload stays listed with its reason and
 * can be retried or removed; nothing else on the form is touched.
 */
export function useFileUploads(permitId: string | null, initial: TPermitFile[], onChanged: () => void) {
  const [stored, setStored] = useState(initial);
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const started = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<TUpload>) => {
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (id: string, upload: TUpload) => {
      if (started.current.has(upload.key)) return;
      started.current.add(upload.key);
      patch(upload.key, { state: "uploading", progress: 0, problem: null });
      try {
        const file = await uploadPermitFile({
          id,
          file: upload.file,
          onProgress: (progress) => patch(upload.key, { progress }),
        });
        setUploads((current) => current.filter((item) => item.key !== upload.key));
        setStored((current) => [...current, file]);
        onChanged();
      } catch (caught) {
        started.current.delete(upload.key);
        patch(upload.key, {
          state: "failed",
          problem: isApiError(caught) ? `errors:${caught.code}` : "errors:SERVER_ERROR",
        });
      }
    },
    [patch, onChanged],
  );

  // Once the draft has an id, the files that waited for it go.
  useEffect(() => {
    if (!permitId) return;
    for (const upload of uploads) if (upload.state === "waiting") void send(permitId, upload);
  }, [permitId, uploads, send]);

  return {
    stored,
    uploads,
    choose: (files: File[]) => {
      let room = filesLeft(stored.length + uploads.filter((u) => u.state !== "refused").length);
      const added = files.map((file): TUpload => {
        const problem = fileProblem(file) ?? (room > 0 ? null : "files.tooMany");
        if (!problem) room--;
        counter++;
        return { key: `upload-${counter}`, file, state: problem ? "refused" : "waiting", progress: 0, problem };
      });
      setUploads((current) => [...current, ...added]);
    },
    retry: (key: string) => patch(key, { state: "waiting", problem: null }),
    dismiss: (key: string) => setUploads((current) => current.filter((item) => item.key !== key)),
    remove: async (file: TPermitFile) => {
      if (!permitId) return;
      await deletePermitFile({ id: permitId, fileId: file.id });
      setStored((current) => current.filter((item) => item.id !== file.id));
      onChanged();
    },
    busy: uploads.some((item) => item.state === "uploading"),
  };
}
export type TFileUploads = ReturnType<typeof useFileUploads>;
