import { PlaceholderPage } from "../../../components/placeholder-page";

/** Filled by the contractors capability (issue 5, in progress). */
export function DemandsPage() {
  return <PlaceholderPage titleKey="requests" capability="requests" />;
}
