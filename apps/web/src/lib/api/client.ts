import { AUTH_PATHS, authPath } from "@openpermit/shared";
import axios, { type AxiosError, type InternalAxiosRequestConfig, isAxiosError } from "axios";
import { emailOfToken } from "../session/decode-token";
import { signInPathReturningTo } from "../session/return-path";
import { getStoredToken, removeStoredToken, storeToken } from "../session/token-storage";
import { toApiError } from "./api-error";
import { isPublicAuthCall } from "./public-calls";

export const SIGN_IN_PATH = authPath(AUTH_PATHS.signInDefault);

/** Every call of the app goes through this instance (docs/domain.md, Session and tokens). */
export const api = axios.create({ baseURL: "/api", headers: { Accept: "application/json" } });

type TRetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** The sign-in page, then back to the page the session ended on (return-path.ts checks it is the user's). */
const toSignIn = (): void => {
  const { pathname, search, hash } = window.location;
  window.location.assign(signInPathReturningTo(`${pathname}${search}${hash}`));
};
let onSessionExpired = toSignIn;
let expiryLeavesPage = true;

/**
 * Set once the session has ended and the page is on its way to sign-in. The calls that failed for it then do not
 * settle while it goes (releaseIfThePageStays): an app told of them would react (the session "loaded" without a profile, a page's default route), and a
 * move of the router made meanwhile cancels the browser's way to sign-in, landing there without `next`.
 */
let leaving = false;

/** Replaces the full-page redirect to sign-in (tests); `leavesPage` as the real one does: its failed calls hang. */
export function setSessionExpiredHandler(handler: () => void, options: { leavesPage?: boolean } = {}): void {
  onSessionExpired = handler;
  expiryLeavesPage = options.leavesPage ?? false;
  leaving = false;
  held.length = 0;
}

/**
 * How long a page that was sent to sign-in may still be here before it is taken to have stayed: the person cancelled
 * the browser's "leave this page?" (unsaved typing). Timers stand still while that question is open.
 */
export const STAYED_AFTER_MS = 10_000;

/** The calls that failed for the ended session while the page leaves: they fail after all if it stays. */
const held: Array<() => void> = [];

function holdWhileLeaving(error: AxiosError): Promise<never> {
  return new Promise((_, reject) => held.push(() => reject(toApiError(error))));
}

/**
 * A page that stays (its form's typing kept) gets its calls back, failing with the session's end, and later calls
 * fail at once instead of hanging: its forms say so rather than spin for ever.
 */
function releaseIfThePageStays(): void {
  const stayed = setTimeout(() => {
    leaving = false;
    for (const release of held.splice(0)) release();
  }, STAYED_AFTER_MS);
  window.addEventListener("pagehide", () => clearTimeout(stayed), { once: true });
}

api.interceptors.request.use((config) => {
  const token = getStoredToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  else config.headers.delete("Authorization");
  return config;
});

let refreshing: Promise<string | null> | null = null;

/**
 * One refresh for every 401 that arrives while it runs: refresh tokens rotate, and presenting a
 * spent one makes the server revoke the whole family.
 */
function refreshOnce(email: string): Promise<string | null> {
  refreshing ??= api
    .post<{ data?: unknown }>("/auth/refresh-token", { email }, { withCredentials: true })
    .then((response) => {
      const token = response.data?.data;
      return typeof token === "string" && token.length > 0 ? token : null;
    })
    .catch(() => null)
    .then((token) => {
      if (token) storeToken(token);
      else {
        removeStoredToken();
        leaving = expiryLeavesPage;
        onSessionExpired();
        if (leaving) releaseIfThePageStays();
      }
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get("Authorization");
  return typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : null;
}

/** A 401 about a password given to sign (not about the session): repeating it would count a second failure. */
const isSignatureRefusal = (error: AxiosError) =>
  (error.response?.data as { error?: { code?: string } } | undefined)?.error?.code === "SIGNATURE_PASSWORD_INVALID";

async function retryAfterUnauthorized(error: AxiosError): Promise<unknown> {
  const config = error.config as TRetriableConfig | undefined;
  if (
    !config ||
    error.response?.status !== 401 ||
    config._retried ||
    isPublicAuthCall(config.url) ||
    isSignatureRefusal(error)
  ) {
    throw toApiError(error);
  }
  config._retried = true;
  const stored = getStoredToken();
  // Another call refreshed the token while this one was in flight: repeat it with the new one.
  if (stored && stored !== sentToken(config)) return api.request(config);
  if (leaving) return holdWhileLeaving(error);
  const email = emailOfToken(stored);
  if (!stored || !email) throw toApiError(error);
  const fresh = await refreshOnce(email);
  if (!fresh) {
    if (leaving) return holdWhileLeaving(error);
    throw toApiError(error);
  }
  return api.request(config);
}

/**
 * A call made for a file (`responseType: "blob"`) gets its error body as a Blob too; read it back as
 * JSON so the failure carries its code like any other.
 */
async function decodeBlobErrorBody(error: AxiosError): Promise<void> {
  const response = error.response;
  if (!response || typeof Blob === "undefined" || !(response.data instanceof Blob)) return;
  if (!response.data.type.includes("json")) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // Not JSON after all: the status alone gives the code.
  }
}

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error)) throw toApiError(error);
  await decodeBlobErrorBody(error);
  return retryAfterUnauthorized(error);
});
