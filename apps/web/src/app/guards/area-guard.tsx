import type { TArea } from "@openpermit/shared";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { TDeniedState } from "../../lib/session/denied-from";
import { useSession } from "../../lib/session/session-context";
import { sessionArea } from "../../lib/session/session-state";

/**
 * docs/domain.md, Roles and areas: an area opens only for a session whose role is that area's; otherwise /auth (with where the
 * user tried to go, so a signed-in user sees the sign-in page instead of bouncing home, and signing in goes back there
 * when the page is in the new session's area). Nothing
 * shows while the session loads. `children` is the area's shell (loaded with the route, see routes.tsx).
 */
export function AreaGuard({ area, children }: { area: TArea; children: ReactNode }) {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  if (session.loading) return null;
  if (sessionArea(session) !== area) {
    // The whole address (a mailed link's query or anchor too): sign-in goes back there (return-path.ts).
    const state: TDeniedState = { deniedFrom: `${pathname}${search}${hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return children;
}
