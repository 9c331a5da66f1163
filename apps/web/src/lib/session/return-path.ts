import { AUTH_PATHS, authPath, type TArea } from "@openpermit/shared";

/** The sign-in page's query parameter naming where to go back to (set when a session ends under the user's feet). */
export const RETURN_PARAM = "next";

const BASE = "http://return-path.invalid";

/**
 * Where to take a user who just signed in, if `candidate` (a path they were sent away from) may be it: only a path
 * of this app (one leading `/`, no `//` or `\`, no scheme or host, no control character) inside the signed-in
 * role's own area, after `..` and `%2e` segments are resolved. Anything else gives null (then: their dashboard), so
 * a crafted link can neither send them to another site nor into an area that is not theirs.
 */
export function safeReturnPath(candidate: unknown, area: TArea | null): string | null {
  if (typeof candidate !== "string" || !area) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return null;
  for (let i = 0; i < candidate.length; i += 1) {
    const code = candidate.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const root = `/${area}`;
  if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, asked to come back to `path` afterwards (an `/auth` page is not worth coming back to). */
export function signInPathReturningTo(path: string): string {
  const signIn = authPath(AUTH_PATHS.signInDefault);
  if (!path.startsWith("/") || path === "/" || path.startsWith(`/${AUTH_PATHS.root}`)) return signIn;
  return `${signIn}?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}
