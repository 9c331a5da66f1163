import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { decodeToken } from "./decode-token";
import { loadProfile } from "./load-profile";
import { SIGNED_OUT, sessionFromClaims, type TSession, withProfile } from "./session-state";
import { getStoredToken, removeStoredToken, storeToken } from "./token-storage";

interface TSessionContext extends TSession {
  /** Stores a fresh token, reads its claims and loads the profile; resolves with the new session. */
  start: (token: string) => Promise<TSession>;
  /** Forgets the token and the session (the caller signs out on the server first). */
  end: () => void;
  /** Reloads the profile record, e.g. after the user renamed themselves. */
  reloadProfile: () => Promise<void>;
}

const SessionContext = createContext<TSessionContext | null>(null);

function initialSession(): TSession {
  const claims = decodeToken(getStoredToken());
  if (!claims) {
    // A token we cannot read is worth nothing; drop it rather than send it with every call.
    if (getStoredToken()) removeStoredToken();
    return SIGNED_OUT;
  }
  return sessionFromClaims(claims);
}

/** Profile errors are only logged (docs/domain.md, Session and tokens): the session still knows role, id and email. */
async function completeWithProfile(session: TSession): Promise<TSession> {
  if (!session.role || !session.id) return { ...session, loading: false };
  try {
    return { ...withProfile(session, await loadProfile(session.role, session.id)), loading: false };
  } catch (error) {
    console.error("Could not load the profile", error);
    return { ...session, loading: false };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<TSession>(initialSession);
  // Each start or end bumps the generation so a slow profile answer cannot revive an old session.
  const generation = useRef(0);

  const settle = useCallback(async (pending: TSession): Promise<TSession> => {
    const mine = ++generation.current;
    const done = await completeWithProfile(pending);
    if (mine === generation.current) setSession(done);
    return done;
  }, []);

  const latest = useRef(session);
  latest.current = session;

  // Only the session read at page load is settled here; later ones go through `start`.
  useEffect(() => {
    if (latest.current.loading) void settle(latest.current);
  }, [settle]);

  const start = useCallback(
    async (token: string) => {
      const claims = decodeToken(token);
      if (!claims) {
        generation.current++;
        removeStoredToken();
        setSession(SIGNED_OUT);
        return SIGNED_OUT;
      }
      storeToken(token);
      // The session switches once the profile is in: the sign-in form stays up (busy) meanwhile.
      return settle(sessionFromClaims(claims));
    },
    [settle],
  );

  const end = useCallback(() => {
    generation.current++;
    removeStoredToken();
    setSession(SIGNED_OUT);
  }, []);

  const reloadProfile = useCallback(async () => {
    await settle(latest.current);
  }, [settle]);

  const value = useMemo(() => ({ ...session, start, end, reloadProfile }), [session, start, end, reloadProfile]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): TSessionContext {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used inside <SessionProvider>");
  return context;
}
