import { PlaceholderPage } from "../../../components/placeholder-page";

/** Filled by the contractors capability (issue 5, in progress). */
export function AdminEnterprisesPage() {
  return <PlaceholderPage titleKey="enterprises" capability="enterprises" />;
}
