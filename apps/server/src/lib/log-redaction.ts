import type { FastifyRequest } from "fastify";

/** Addresses whose last segment is a bearer secret: whoever holds it may read what it opens. */
const SECRET_SEGMENTS = [
  /^(\/api\/public\/permit-checks\/)[^/?#]+/i,
  /^(\/api\/public\/calendar\/)[^/?#]+/i,
  // The web app's page behind a printed permit's QR code.
  /^(\/auth\/permit-check\/)[^/?#]+/i,
];
/** Query parameters that carry secrets: the invitation and reset links' `token`, and the like. */
const SECRET_QUERY = /([?&](?:token|code|key|secret|password|signature)=)[^&#]*/gi;
const CENSOR = "[redacted]";

/** The URL as the log may keep it: the path's shape stays readable, its secrets do not. */
export function redactUrl(url: string): string {
  let redacted = url.replace(SECRET_QUERY, `$1${CENSOR}`);
  for (const segment of SECRET_SEGMENTS) redacted = redacted.replace(segment, `$1${CENSOR}`);
  return redacted;
}

/**
 * Fastify's own request serializer (method, url, host, address, port) with the URL redacted: the access log
 * writes every request line, and some carry a token.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
