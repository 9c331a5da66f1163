import { PlaceholderPage } from "../../../components/placeholder-page";

/** Filled by the contractors capability (issue 5, in progress). */
export function SupplierExternalProfilePage() {
  return <PlaceholderPage titleKey="companyPage" capability="companyPage" />;
}
