import { PlaceholderPage } from "../../../components/placeholder-page";

/** Filled by the contractors capability (issue 5, in progress). */
export function ContractorsPage() {
  return <PlaceholderPage titleKey="contractors" capability="contractors" />;
}
