import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import { isRefusal } from "../../access/refusal";
import { AppError } from "../../lib/app-error";
import { appendAuditAlone } from "./append";

/**
 * Records every 401/403 refusal (access/refusal.ts) — the route policy check and any access/ check — in one place: the
 * onError hook runs before the error handler answers. The entry has its own transaction (the refused act's, if any,
 * rolled back).
 */
export const auditRefusalsPlugin = fp(async (app: FastifyInstance, opts: { pool: pg.Pool }) => {
  app.addHook("onError", async (request, _reply, error) => {
    if (!(error instanceof AppError) || !isRefusal(error.code)) return;
    const caller = request.caller;
    await appendAuditAlone(opts.pool, {
      by: caller ? { ...caller, ip: request.ip } : null,
      action: "access.refused",
      details: { error: error.code, method: request.method, route: request.routeOptions.url ?? null },
      ip: request.ip,
    }).catch((cause: unknown) => request.log.error({ err: cause }, "audit: refusal not recorded"));
  });
});
