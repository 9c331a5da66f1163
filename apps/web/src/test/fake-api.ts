import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { api } from "../lib/api/client";

export interface TFakeRequest {
  method: string;
  /** Path under /api, without the query string, e.g. `/auth/sign-in`. */
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  authorization: string | null;
}

export type TFakeAnswer = { status: number; data?: unknown } | "network-error" | Promise<never>;
export type TFakeHandler = (request: TFakeRequest) => TFakeAnswer | Promise<TFakeAnswer>;

/** Answers every call of the api client from `handler`; returns the calls it saw. */
export function fakeApi(handler: TFakeHandler): TFakeRequest[] {
  const calls: TFakeRequest[] = [];
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const header = config.headers.get("Authorization");
    const request: TFakeRequest = {
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      params: (config.params as Record<string, unknown>) ?? {},
      body: typeof config.data === "string" ? JSON.parse(config.data) : config.data,
      authorization: typeof header === "string" ? header : null,
    };
    calls.push(request);
    const answer = await handler(request);
    if (answer === "network-error") throw new AxiosError("Network Error", "ERR_NETWORK", config);
    const response: AxiosResponse = {
      data: answer.data ?? "",
      status: answer.status,
      statusText: "",
      headers: {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status ${answer.status}`, "ERR_BAD_RESPONSE", config, null, response);
  };
  return calls;
}

export const apiError = (status: number, code: string, fields?: Record<string, string>) => ({
  status,
  data: { error: { code, message: `server text for ${code}`, fields } },
});

/** A fake server holding `state`: a test's own `handle` answers first (its writes, refusals), then `serve`. */
export function fakeServer<TState>(
  state: TState,
  handle: (request: TFakeRequest, state: TState) => TFakeAnswer | undefined,
  serve: TFakeHandler,
): TFakeRequest[] {
  return fakeApi((request) => handle(request, state) ?? serve(request));
}

/** A server's `handle` that creates: `POST url` adds `base` with the posted fields to the state's list (201 with it). */
export function createsAt<TState, TRecord>(
  url: string,
  listOf: (state: TState) => TRecord[],
  base: TRecord,
): (request: TFakeRequest, state: TState) => TFakeAnswer | undefined {
  return (request, state) => {
    if (request.method !== "POST" || request.url !== url) return undefined;
    const created = { ...base, ...(request.body as object) };
    listOf(state).push(created);
    return { status: 201, data: { data: created } };
  };
}
