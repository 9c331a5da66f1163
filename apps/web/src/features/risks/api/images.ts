import { useAuthorisedImage } from "../../../lib/files/use-authorised-image";

/** An icon or logogram (`/api/…/icon?v=…`) as an object URL. */
export function useAuthImage(url: string | null | undefined) {
  return useAuthorisedImage(["risk-image", url], url);
}
