import { type QueryKey, useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { useObjectUrl } from "./use-object-url";

interface TAuthorisedImageOptions {
  /** `false` for logos: a logo that fails is not asked for again. */
  retry?: false;
}

/**
 * GET an image route (`/api/…?v=…`) as a blob with the bearer token, which an <img src> would not send.
 * Such URLs change with every upload, so an image once loaded never goes stale.
 */
export function useAuthorisedImageQuery(
  queryKey: QueryKey,
  url: string | null | undefined,
  options: TAuthorisedImageOptions = {},
) {
  return useQuery({
    queryKey,
    queryFn: async () => {
      const path = url!.replace(/^\/api(?=\/)/, "");
      const response = await api.get<Blob>(path, { responseType: "blob", headers: { Accept: "image/*" } });
      return response.data;
    },
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    ...options,
  });
}

/** The image as an object URL for an <img>, or null while it loads (or when there is none). */
export function useAuthorisedImage(
  queryKey: QueryKey,
  url: string | null | undefined,
  options?: TAuthorisedImageOptions,
): string | null {
  return useObjectUrl(useAuthorisedImageQuery(queryKey, url, options).data);
}
