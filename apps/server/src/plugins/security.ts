import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Security headers on every answer. The CSP allows only our own scripts; styles may be inline
 * because the UI kit sets CSS variables at run time. HSTS is sent only over https: on plain http it
 * would be ignored at best. API answers are personal: unless a route says otherwise (a file whose URL
 * never changes), no cache along the way may keep them.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  // Built once: @fastify/helmet built this middleware anew for every request (docs/decisions.md).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.youtube-nocookie.com"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: false,
    // The same as the CSP's frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
  });
});
