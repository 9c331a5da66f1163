/** How a call reaches the server: the client's options, what a transport is given, and the answer it gives back. */

/** What a call may say about itself: the options the app's calls use, as they were before fetch. */
export interface TRequestConfig {
  method?: string;
  /** Under /api, e.g. `/auth/sign-in`. */
  url?: string;
  /** The query string (serializeParams). */
  params?: Record<string, unknown>;
  /** A plain object or array is sent as JSON; FormData, Blob and the like as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  /** "blob" for files; otherwise the answer is read as JSON, or kept as text when it is not JSON. */
  responseType?: "json" | "blob";
  /** Sends the refresh cookie on a cross-origin API too (same-origin calls send it anyway). */
  withCredentials?: boolean;
  signal?: AbortSignal;
  /** Bytes sent so far of `total`: only a transport on XMLHttpRequest can tell (uploadWithProgress). */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The transport of this call instead of fetch (uploadWithProgress); setTransport's replaces both. */
  transport?: TTransport;
}

export interface TTransportRequest {
  /** Upper case. */
  method: string;
  /** Under /api, without the query string. */
  url: string;
  params: Record<string, unknown> | undefined;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON already a string. */
  body: BodyInit | undefined;
  responseType: "json" | "blob";
  withCredentials: boolean;
  signal: AbortSignal | undefined;
  onUploadProgress: ((loaded: number, total: number) => void) | undefined;
}

export interface TResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
}

/**
 * Resolves with whatever the server answered, 4xx and 5xx included; rejects only when no answer came: with a
 * TypeError, as fetch does, or with the signal's reason when the call was cancelled.
 */
export type TTransport = (request: TTransportRequest) => Promise<TResponse>;

/**
 * The query's encoding the server has always been sent (docs/decisions.md, fetch): `:`, `$`, `,` and spaces (`+`) stay
 * readable, e.g. a status list joined with commas or an ISO date.
 */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%24/g, "$").replace(/%2C/gi, ",").replace(/%20/g, "+");

const isPlainValue = (value: unknown) => value === null || typeof value !== "object" || value instanceof Date;

const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * The query string as the former client's default serializer wrote it: undefined and null left out, a Date as its ISO string, a
 * list of plain values as `key[]=a&key[]=b`, an object's fields as `key[field]=…`.
 */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (isPlainValue(value)) pairs.push(`${encode(key)}=${encode(asText(value))}`);
    else for (const [field, inner] of Object.entries(value as object)) add(`${key}[${field}]`, inner);
  };
  for (const [name, value] of Object.entries(params ?? {})) {
    const key = name.trim();
    if (Array.isArray(value) && value.every(isPlainValue)) for (const item of value) add(`${key}[]`, item);
    else add(key, value);
  }
  return pairs.join("&");
}

/** The address of a call: under /api, with its query. */
export function urlOf(request: Pick<TTransportRequest, "url" | "params">): string {
  const path = `/api/${request.url.replace(/^\/+/, "")}`;
  const query = serializeParams(request.params);
  if (!query) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** An answer's text as JSON, or as it is when it is not JSON (a proxy's HTML page, an empty 204). */
export function readAnswer(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every call but the uploads that show progress. `fetch` is looked up at each call (tests may stub it). */
export const fetchTransport: TTransport = async (request) => {
  const response = await fetch(urlOf(request), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: request.withCredentials ? "include" : "same-origin",
    signal: request.signal,
  });
  // A refusal is never the file asked for: its body is read as JSON even for a blob call, so it carries its code.
  const asFile = request.responseType === "blob" && response.ok;
  const data = asFile ? await response.blob() : readAnswer(await response.text());
  return { data, status: response.status, headers: Object.fromEntries(response.headers) };
};
