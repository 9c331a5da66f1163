import { Navigate, useLocation } from "react-router";

/** A redirect that carries the location state on (the /auth → sign-in hops). */
export function RedirectKeepingState({ to }: { to: string }) {
  const { state } = useLocation();
  return <Navigate to={to} replace state={state} />;
}
