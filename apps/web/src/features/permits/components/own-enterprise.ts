import type { TSession } from "../../../lib/session/session-state";

const PRINCIPAL_STAFF = ["Enterprise", "SuperResponsible", "Responsible"];

/**
 * The enterprise of principal staff (null for anyone else): an Enterprise account's own company, a
 * SuperResponsible's or Responsible's division's enterprise. Internal permits and the list's filter choices
 * are of this enterprise.
 */
export function ownEnterpriseOf(session: Pick<TSession, "role" | "company" | "parent">) {
  if (!PRINCIPAL_STAFF.includes(session.role ?? "")) return null;
  if (session.role === "Enterprise") return session.company;
  const { enterpriseId, enterpriseName } = session.parent ?? {};
  return enterpriseId ? { id: enterpriseId, name: enterpriseName ?? "" } : null;
}
