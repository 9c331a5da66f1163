import { type TApiError, V } from "@openpermit/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { bearer } from "./factories";

let addresses = 0;
/**
 * A fresh client address for each call (10.x.y.z). The per-address limits (sign-in failures, the
 * code endpoints' request limit) must not spill from one test into the next; tests of those limits
 * pass their own address.
 */
export function anyAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export interface TCall {
  token?: string;
  /** The refresh cookie's value. */
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

function send(
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  body: unknown,
  call: TCall,
) {
  return app.inject({
    method,
    url,
    remoteAddress: call.ip ?? anyAddress(),
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(call.token ? bearer(call.token) : {}),
      ...call.headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(call.cookie ? { cookies: { op_refresh: call.cookie } } : {}),
  });
}

export const post = (app: FastifyInstance, url: string, body?: unknown, call: TCall = {}) =>
  send(app, "POST", url, body, call);
export const patch = (app: FastifyInstance, url: string, body?: unknown, call: TCall = {}) =>
  send(app, "PATCH", url, body, call);
export const put = (app: FastifyInstance, url: string, body?: unknown, call: TCall = {}) =>
  send(app, "PUT", url, body, call);
export const get = (app: FastifyInstance, url: string, call: TCall = {}) => send(app, "GET", url, undefined, call);
export const del = (app: FastifyInstance, url: string, call: TCall = {}) => send(app, "DELETE", url, undefined, call);

/** A file for a multipart upload. */
export interface TFilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data request with one file in `field` (and optional text fields), as a browser sends it. */
export function upload(
  app: FastifyInstance,
  method: "POST" | "PUT",
  url: string,
  field: string,
  file: TFilePart | null,
  call: TCall = {},
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  return app.inject({
    method,
    url,
    remoteAddress: call.ip ?? anyAddress(),
    headers: { ...(call.token ? bearer(call.token) : {}), ...call.headers },
    payload: form,
  });
}

/** Asserts an error answer: its status and code together, so a failure shows both. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): TApiError {
  const error = response.json().error as TApiError | undefined;
  expect({ status: response.statusCode, code: error?.code }).toEqual({ status, code });
  return error!;
}

/** Asserts a 400 whose `error.fields` holds exactly these field → validation key pairs (and only keys of V). */
export function expectFields(response: LightMyRequestResponse, fields: Record<string, string>) {
  const error = expectError(response, 400, "VALIDATION_FAILED");
  expect(error.fields).toEqual(fields);
  for (const key of Object.values(error.fields ?? {})) expect(Object.keys(V)).toContain(key);
}

export const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === "op_refresh");

/** The payload of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

/** POST /api/auth/refresh-token as the web app sends it: JSON, `{ email }`, the cookie, an Origin. */
export const refreshCall = (app: FastifyInstance, cookie: string | undefined, email: string, origin?: string) =>
  post(app, "/api/auth/refresh-token", { email }, { ...(cookie ? { cookie } : {}), headers: origin ? { origin } : {} });
