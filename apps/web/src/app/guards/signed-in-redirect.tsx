import { AREA_DEFAULT_PAGE } from "@openpermit/shared";
import { Navigate, Outlet, useLocation } from "react-router";
import { deniedFrom } from "../../lib/session/denied-from";
import { RETURN_PARAM, safeReturnPath } from "../../lib/session/return-path";
import { useSession } from "../../lib/session/session-context";
import { sessionArea } from "../../lib/session/session-state";

/**
 * Sign-in is for signed-out visitors: a signed-in user who opens it goes to the page it was asked to return to
 * (`?next=`, when in their area) or their own area's default page, unless an area guard sent them here (then they
 * may sign in with another account).
 */
export function SignedInRedirect() {
  const session = useSession();
  const { state, search } = useLocation();
  if (session.loading) return null;
  const area = sessionArea(session);
  if (area && !deniedFrom(state)) {
    const back = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM), area);
    return <Navigate to={back ?? `/${area}/${AREA_DEFAULT_PAGE}`} replace />;
  }
  return <Outlet />;
}
