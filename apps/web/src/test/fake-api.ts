import { setTransport } from "../lib/api/client";

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

/** Answers every call of the api client (uploads included) from `handler`; returns the calls it saw. */
export function fakeApi(handler: TFakeHandler): TFakeRequest[] {
  const calls: TFakeRequest[] = [];
  setTransport(async (transported) => {
    const request: TFakeRequest = {
      method: transported.method,
      url: transported.url,
      params: transported.params ?? {},
      body: typeof transported.body === "string" ? JSON.parse(transported.body) : transported.body,
      authorization: transported.headers.authorization ?? null,
    };
    calls.push(request);
    const answer = await handler(request);
    // As fetch does when no answer comes.
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    return { data: answer.data ?? "", status: answer.status, headers: {} };
  });
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
