import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type TParamChanges = Record<string, string | number | null | undefined>;

export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's search, filters and page live in the URL (shareable, kept on reload and on Back).
 * Changing a filter goes back to page 1; empty values leave the URL; other parameters (a tab, an
 * open detail) are kept.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: TParamChanges, { push = false }: { push?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === "") next.delete(key);
            else next.set(key, String(value));
          }
          if (!("page" in changes)) next.delete("page");
          if (next.get("page") === "1") next.delete("page");
          return next;
        },
        // Opening a detail is a step Back can undo; filters and pages replace the entry.
        { replace: !push },
      );
    },
    [setParams],
  );
  return { params, page: readPage(params.get("page")), q: params.get("q") ?? "", update };
}
