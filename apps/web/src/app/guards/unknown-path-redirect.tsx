import { Navigate } from "react-router";
import { useSession } from "../../lib/session/session-context";
import { sessionArea } from "../../lib/session/session-state";

/** docs/domain.md, Routes: any unknown path goes to the user's own role root, or to /auth without a role. */
export function UnknownPathRedirect() {
  const session = useSession();
  if (session.loading) return null;
  const area = sessionArea(session);
  return <Navigate to={area ? `/${area}` : "/auth"} replace />;
}
