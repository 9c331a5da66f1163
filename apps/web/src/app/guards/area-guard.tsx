import type { TArea } from "@openpermit/shared";
import { Navigate } from "react-router";
import { useSession } from "../../lib/session/session-context";
import { sessionArea } from "../../lib/session/session-state";
import { AreaLayout } from "../layouts/area-layout";

/** Spec §6: an area opens only for a session whose role is that area's; nothing shows while loading. */
export function AreaGuard({ area }: { area: TArea }) {
  const session = useSession();
  if (session.loading) return null;
  if (sessionArea(session) !== area) return <Navigate to="/auth" replace />;
  return <AreaLayout area={area} />;
}
