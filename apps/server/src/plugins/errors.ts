import type { Duplex } from "node:stream";
import { type TApiError, type TErrorCode, V } from "@openpermit/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isUnstorableText } from "../db/pg-errors";
import { AppError, type TErrorExtras } from "../lib/app-error";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../lib/database-unavailable";

const MESSAGES: Partial<Record<TErrorCode, string>> = {
  VALIDATION_FAILED: "Some fields are invalid.",
  INVALID_JSON: "The request body is not valid JSON.",
  NOT_FOUND: "Not found.",
  METHOD_NOT_ALLOWED: "This path does not take this method.",
  REQUEST_TIMEOUT: "The request did not arrive in time.",
  PAYLOAD_TOO_LARGE: "The request is too large.",
  HEADERS_TOO_LARGE: "The request's headers are too large.",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported content type.",
  RATE_LIMITED: "Too many requests. Try again later.",
  SERVER_ERROR: "Server error.",
  SERVICE_UNAVAILABLE: "The service is briefly unavailable. Try again in a moment.",
};

function body(
  code: TErrorCode,
  message?: string,
  fields?: Record<string, string>,
  extras: TErrorExtras = {},
): { error: TApiError } {
  return {
    error: {
      code,
      message: message ?? MESSAGES[code] ?? code,
      ...(fields ? { fields } : {}),
      ...(extras.details ? { details: extras.details } : {}),
      ...(extras.rows ? { rows: extras.rows } : {}),
      ...(extras.gaps ? { gaps: extras.gaps } : {}),
    },
  };
}

/** Fastify's own client errors (body parsing, content type, size) in our shape. */
function fromFastifyError(error: FastifyError): { status: number; code: TErrorCode } | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  if (status === 413) return { status, code: "PAYLOAD_TOO_LARGE" };
  if (status === 415) return { status, code: "UNSUPPORTED_MEDIA_TYPE" };
  // @fastify/multipart answers 406 to a route that wants a file but was sent something else.
  if (error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return { status: 415, code: "UNSUPPORTED_MEDIA_TYPE" };
  if (status === 429) return { status, code: "RATE_LIMITED" };
  if (status === 404) return { status, code: "NOT_FOUND" };
  if (error.code?.startsWith("FST_ERR_CTP_")) return { status: 400, code: "INVALID_JSON" };
  return { status: 400, code: "VALIDATION_FAILED" };
}

/**
 * Errors Fastify's router answers before any route or error handler runs (Fastify's `frameworkErrors` option): a
 * URL whose percent-encoding is broken, or a path parameter longer than the router accepts (no id is that long).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, "client error");
  if (error.code === "FST_ERR_BAD_URL") return reply.status(400).send(body("VALIDATION_FAILED"));
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return reply.status(404).send(body("NOT_FOUND"));
  request.log.error({ err: error }, "unexpected framework error");
  return reply.status(500).send(body("SERVER_ERROR"));
}

/** The methods a client may send; what a 405's Allow header is chosen from. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * The methods an API path takes, for a 405's Allow header: none when no API route matches it. The web app's
 * catch-all (GET /*, which answers any path) is not an API route.
 */
function allowedMethods(request: FastifyRequest): string[] {
  const url = request.url.split("?")[0] ?? "/";
  if (!url.startsWith("/api/")) return [];
  // A segment longer than the router reads as a parameter is no path of ours (the router then matches oddly).
  const maxParamLength = request.server.initialConfig.maxParamLength ?? 100;
  if (url.split("/").some((segment) => segment.length > maxParamLength)) return [];
  return METHODS.filter((method) => {
    const route = request.server.findRoute({ method, url });
    return route !== null && !Object.hasOwn(route.params, "*");
  });
}

/**
 * A request no route took: 405 with the methods the path takes in Allow when it is an API path with other
 * methods, 404 otherwise — both in our error shape.
 */
export function answerUnrouted(request: FastifyRequest, reply: FastifyReply) {
  const allowed = allowedMethods(request);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return reply.status(405).header("allow", allowed.join(", ")).send(body("METHOD_NOT_ALLOWED"));
  }
  return reply.status(404).send(body("NOT_FOUND"));
}

/**
 * Errors Node's HTTP parser meets before Fastify has a request (Fastify's `clientErrorHandler` option): headers
 * larger than it reads (431), a request that did not arrive in time (408), bytes that are not HTTP (400). Written
 * to the socket in our error shape, then the connection closes, as Fastify's own handler does.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, code]: [number, string, TErrorCode] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "HEADERS_TOO_LARGE"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "REQUEST_TIMEOUT"]
        : [400, "Bad Request", "VALIDATION_FAILED"];
  this.log.info({ code: error.code, status }, "client error");
  const payload = JSON.stringify(body(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

/**
 * One error handler for the whole API: every refusal in the shape of docs/domain.md, Conventions on the wire, never a 500 for
 * anything a client can send, and 5xx bodies that reveal nothing (the details go to the log).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extras.retryAfterSeconds) reply.header("retry-after", String(error.extras.retryAfterSeconds));
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields, error.extras));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        // Fields carry message keys the client translates; zod's own English (a wrong type, an enum,
        // a body that is not an object) becomes the generic key.
        fields[path] ??= issue.message && Object.hasOwn(V, issue.message) ? issue.message : V.invalidValue;
      }
      return reply.status(400).send(body("VALIDATION_FAILED", undefined, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send(body("SERVER_ERROR"));
    }
    if (isUnstorableText(error)) {
      request.log.info({ code: "UNSTORABLE_TEXT" }, "client error");
      return reply.status(400).send(body("VALIDATION_FAILED"));
    }
    const client = fromFastifyError(error);
    if (client) {
      request.log.info({ code: error.code, status: client.status }, "client error");
      return reply.status(client.status).send(body(client.code));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body("SERVICE_UNAVAILABLE"));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(body("SERVER_ERROR"));
  });
});

export { body as errorBody };
