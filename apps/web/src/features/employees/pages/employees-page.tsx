import { PlaceholderPage } from "../../../components/placeholder-page";

/** Filled by the contractors capability (issue 5, in progress). */
export function EmployeesPage() {
  return <PlaceholderPage titleKey="employees" capability="contractors" />;
}
