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
  /** The uploads under way, by key: each runs once, and `settle` can wait for them. */
  const inFlight = useRef(new Map<string, Promise<boolean>>());
  const latest = useRef(uploads);
  latest.current = uploads;

  const patch = useCallback((key: string, change: Partial<TUpload>) => {
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** Sends one file (once, however often it is asked); resolves whether it is now stored. */
  const send = useCallback(
    (id: string, upload: TUpload): Promise<boolean> => {
      const running = inFlight.current.get(upload.key);
      if (running) return running;
      const run = (async () => {
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
          return true;
        } catch (caught) {
          patch(upload.key, {
            state: "failed",
            problem: isApiError(caught) ? `errors:${caught.code}` : "errors:SERVER_ERROR",
          });
          return false;
        }
      })().finally(() => inFlight.current.delete(upload.key));
      inFlight.current.set(upload.key, run);
      return run;
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
    /**
     * Sends what waits and waits for what is under way, for the draft `id`; true when every chosen file is stored.
     * Sending a permit waits for this: once sent, a permit takes no more files, and one still on its way would be
     * refused and lost from what the user attached.
     */
    settle: async (id: string): Promise<boolean> => {
      const failedBefore = latest.current.some((item) => item.state === "failed");
      const pending = latest.current.filter((item) => item.state === "waiting" || item.state === "uploading");
      const results = await Promise.all(pending.map((item) => send(id, item)));
      return !failedBefore && results.every(Boolean);
    },
  };
}
export type TFileUploads = ReturnType<typeof useFileUploads>;
