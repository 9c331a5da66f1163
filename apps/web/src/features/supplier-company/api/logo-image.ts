import { useAuthorisedImage } from "../../../lib/files/use-authorised-image";
import { supplierCompanyKeys } from "./query-keys";

/** A supplier's logo (`/api/suppliers/:id/logo?v=…`) as an object URL. */
export function useLogoImage(url: string | null | undefined): string | null {
  return useAuthorisedImage(supplierCompanyKeys.logo(url), url, { retry: false });
}
