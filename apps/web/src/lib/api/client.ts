import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { emailOfToken } from "../session/decode-token";
import { signInPathReturningTo } from "../session/return-path";
import { getStoredToken, removeStoredToken, storeToken } from "../session/token-storage";
import { toApiError } from "./api-error";
import { isPublicAuthCall } from "./public-calls";
import { RequestError } from "./request-error";
import {
  fetchTransport,
  type TRequestConfig,
  type TResponse,
  type TTransport,
  type TTransportRequest,
} from "./transport";

export type { TRequestConfig, TResponse } from "./transport";

export const SIGN_IN_PATH = authPath(AUTH_PATHS.signInDefault);

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

function holdWhileLeaving(error: RequestError): Promise<never> {
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

/** A 401 about a password given to sign (not about the session): repeating it would count a second failure. */
const isSignatureRefusal = (error: RequestError) =>
  (error.response?.data as { error?: { code?: string } } | undefined)?.error?.code === "SIGNATURE_PASSWORD_INVALID";

/** `sent`: the token the failed call carried; `retried`: it was already the repeat of a 401. */
async function retryAfterUnauthorized<T>(
  error: RequestError,
  config: TRequestConfig,
  sent: string | null,
  retried: boolean,
): Promise<TResponse<T>> {
  if (error.response?.status !== 401 || retried || isPublicAuthCall(config.url) || isSignatureRefusal(error)) {
    throw toApiError(error);
  }
  const stored = getStoredToken();
  // Another call refreshed the token while this one was in flight: repeat it with the new one.
  if (stored && stored !== sent) return send(config, true);
  if (leaving) return holdWhileLeaving(error);
  const email = emailOfToken(stored);
  if (!stored || !email) throw toApiError(error);
  const fresh = await refreshOnce(email);
  if (!fresh) {
    if (leaving) return holdWhileLeaving(error);
    throw toApiError(error);
  }
  return send(config, true);
}

/**
 * A call made for a file (`responseType: "blob"`) gets its error body as a Blob too; read it back as
 * JSON so the failure carries its code like any other.
 */
async function decodeBlobErrorBody(response: TResponse): Promise<void> {
  if (typeof Blob === "undefined" || !(response.data instanceof Blob)) return;
  if (!response.data.type.includes("json")) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // Not JSON after all: the status alone gives the code.
  }
}

let replacedTransport: TTransport | null = null;

/** Tests answer every call from a fake server (src/test/fake-api.ts), the uploads included; `null` restores. */
export function setTransport(transport: TTransport | null): void {
  replacedTransport = transport;
}

/** Plain objects and arrays go as JSON; FormData (the browser writes its boundary), Blob, text as they are. */
function isJsonBody(data: unknown): boolean {
  if (data === null || typeof data !== "object") return false;
  return !(
    (typeof FormData !== "undefined" && data instanceof FormData) ||
    (typeof Blob !== "undefined" && data instanceof Blob) ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data) ||
    (typeof ReadableStream !== "undefined" && data instanceof ReadableStream)
  );
}

function transportRequest(config: TRequestConfig, token: string | null): TTransportRequest {
  const headers: Record<string, string> = { accept: "application/json" };
  for (const [name, value] of Object.entries(config.headers ?? {})) headers[name.toLowerCase()] = value;
  let body = config.data as BodyInit | undefined;
  if (isJsonBody(config.data)) {
    body = JSON.stringify(config.data);
    headers["content-type"] = "application/json";
  }
  // The stored token, never one a call names: a call repeated after a refresh carries the new one.
  if (token) headers.authorization = `Bearer ${token}`;
  else delete headers.authorization;
  return {
    method: (config.method ?? "get").toUpperCase(),
    url: config.url ?? "",
    params: config.params,
    headers,
    body: body ?? undefined,
    responseType: config.responseType ?? "json",
    withCredentials: config.withCredentials ?? false,
    signal: config.signal,
    onUploadProgress: config.onUploadProgress,
  };
}

/** What a call cancelled through its signal rejects with, as fetch does: the signal's reason. */
const cancellation = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("The operation was aborted.", "AbortError");

const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error as { name?: unknown } | null)?.name === "TypeError";

async function send<T>(config: TRequestConfig, retried: boolean): Promise<TResponse<T>> {
  const { signal } = config;
  const token = getStoredToken();
  const request = transportRequest(config, token);
  if (signal?.aborted) throw cancellation(signal);
  let response: TResponse;
  try {
    response = await (replacedTransport ?? config.transport ?? fetchTransport)(request);
  } catch (error) {
    // A cancelled call is passed on untouched, as is what is no failure of the network (a bug: fetch and the
    // uploads reject with a TypeError when no answer comes).
    if (signal?.aborted) throw cancellation(signal);
    if (!isNetworkFailure(error)) throw error;
    throw toApiError(new RequestError("Network Error"));
  }
  // Cancelled while the answer came: cancelled all the same.
  if (signal?.aborted) throw cancellation(signal);
  if (response.status >= 200 && response.status < 300) return response as TResponse<T>;
  await decodeBlobErrorBody(response);
  const error = new RequestError(`Request failed with status code ${response.status}`, response);
  return retryAfterUnauthorized(error, config, token, retried);
}

// biome-ignore lint/suspicious/noExplicitAny: as the former client's default: call sites parse the answer (parseData) or state its type.
type TAnswer = any;

/** Every call of the app goes through this client (docs/domain.md, Session and tokens; docs/decisions.md, fetch). */
export const api = {
  request: <T = TAnswer>(config: TRequestConfig): Promise<TResponse<T>> => send<T>(config, false),
  get: <T = TAnswer>(url: string, config?: TRequestConfig) => send<T>({ ...config, method: "GET", url }, false),
  delete: <T = TAnswer>(url: string, config?: TRequestConfig) => send<T>({ ...config, method: "DELETE", url }, false),
  post: <T = TAnswer>(url: string, data?: unknown, config?: TRequestConfig) =>
    send<T>({ ...config, method: "POST", url, data }, false),
  put: <T = TAnswer>(url: string, data?: unknown, config?: TRequestConfig) =>
    send<T>({ ...config, method: "PUT", url, data }, false),
  patch: <T = TAnswer>(url: string, data?: unknown, config?: TRequestConfig) =>
    send<T>({ ...config, method: "PATCH", url, data }, false),
};
