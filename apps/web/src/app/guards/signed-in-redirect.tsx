import { AREA_DEFAULT_PAGE } from "@openpermit/shared";
import { Navigate, Outlet } from "react-router";
import { useSession } from "../../lib/session/session-context";
import { sessionArea } from "../../lib/session/session-state";

/** Sign-in is for signed-out visitors; a signed-in user goes to their own area's default page. */
export function SignedInRedirect() {
  const session = useSession();
  if (session.loading) return null;
  const area = sessionArea(session);
  if (area) return <Navigate to={`/${area}/${AREA_DEFAULT_PAGE}`} replace />;
  return <Outlet />;
}
