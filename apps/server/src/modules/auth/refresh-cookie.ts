import type { FastifyReply, FastifyRequest } from "fastify";
import type { TConfig } from "../../config";
import type { TIssuedRefresh } from "./sessions.service";

export const REFRESH_COOKIE = "op_refresh";
/** The cookie goes only to the auth endpoints (refresh, sign-out, change-password). */
const COOKIE_PATH = "/api/auth";

const isHttps = (request: FastifyRequest, config: TConfig) =>
  request.protocol === "https" || config.publicUrl.startsWith("https://");

export function setRefreshCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: TConfig,
  refresh: TIssuedRefresh,
) {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: "strict",
    secure: isHttps(request, config),
    path: COOKIE_PATH,
    expires: refresh.expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: TConfig) {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: isHttps(request, config),
    path: COOKIE_PATH,
  });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE];

/**
 * The refresh call must come from the app itself: JSON (a cross-site form cannot send it without a
 * CORS preflight we never grant) and an Origin equal to the app's public origin or the host it was
 * addressed to.
 */
export function isOwnOrigin(request: FastifyRequest, config: TConfig): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const allowed = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
  return allowed.has(origin);
}
