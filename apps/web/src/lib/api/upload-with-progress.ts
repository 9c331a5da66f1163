import { api, type TResponse } from "./client";
import { readAnswer, type TTransport, urlOf } from "./transport";

/** Response headers as `getAllResponseHeaders` writes them, one `name: value` a line. */
function readHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** fetch cannot tell how much of a request body was sent (over HTTP/1.1): XMLHttpRequest's upload events can. */
const xhrTransport: TTransport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.withCredentials = request.withCredentials;
    xhr.responseType = request.responseType === "blob" ? "blob" : "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded, event.total);
    };
    xhr.onload = () =>
      resolve({
        data: xhr.responseType === "blob" ? xhr.response : readAnswer(xhr.responseText),
        status: xhr.status,
        headers: readHeaders(xhr.getAllResponseHeaders()),
      });
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
    request.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    // uploadWithProgress sends FormData only, never a stream.
    xhr.send((request.body as XMLHttpRequestBodyInit | undefined) ?? null);
  });

export interface TUpload {
  method: "POST" | "PUT";
  /** Under /api, as for `api`. */
  url: string;
  body: FormData;
  /** 0..1 of the body sent, when its size is known. */
  onProgress?: (fraction: number) => void;
}

/**
 * An upload that shows how far it got: a call of `api` (the token, the one refresh on a 401, ApiError) on
 * XMLHttpRequest instead of fetch.
 */
export function uploadWithProgress<T = unknown>({ method, url, body, onProgress }: TUpload): Promise<TResponse<T>> {
  return api.request<T>({
    method,
    url,
    data: body,
    transport: xhrTransport,
    onUploadProgress: (loaded, total) => {
      if (total) onProgress?.(Math.min(1, loaded / total));
    },
  });
}
