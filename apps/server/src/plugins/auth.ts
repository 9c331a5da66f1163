import type { TAccessPolicy, TRole } from "@openpermit/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requireRoutePolicy } from "../access/routes";
import type { TDb } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { enterprises, refreshTokens, suppliers, users } from "../db/schema";
import type { AccessTokens } from "../lib/access-token";
import { AppError } from "../lib/app-error";

/** The signed-in caller, as loaded from the database on every request (a disabled account stops at once). */
export interface TCaller {
  id: string;
  email: string;
  name: string;
  role: TRole;
  language: "en" | "fr";
  enterpriseId: string | null;
  divisionId: string | null;
  supplierId: string | null;
  /** The address the request came from (for the audit trail). */
  ip?: string;
  /**
   * The caller's enterprise or supplier as read with the person (the auth plugin sets it), so that a service's
   * scope needs no second query; a caller built elsewhere (a job, a feed) leaves it out and the scope reads it.
   */
  company?: { name: string; status: string };
  /** The sign-in the access token belongs to (absent for a caller built elsewhere): sign-out ends it. */
  sessionId?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api route (see plugins/auth.ts). */
    access?: TAccessPolicy;
  }
  interface FastifyRequest {
    caller: TCaller | null;
  }
}

/** Routes outside our control (the OpenAPI UI's assets) that need no declared policy. */
const UNDECLARED_ALLOWED = /^\/api\/docs(\/|$)/;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

/** Requires the caller of a route handler to be signed in (the access policy already made sure). */
export function callerOf(request: FastifyRequest): TCaller {
  if (!request.caller) throw new AppError("UNAUTHENTICATED", "Sign in first.");
  return request.caller;
}

/** The person behind a token, with its company's name and status: one prepared statement, run on every request. */
const callerQuery = (db: TDb) =>
  preparedOnce(db, "auth_caller", (name) =>
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        status: users.status,
        language: users.language,
        enterpriseId: users.enterpriseId,
        divisionId: users.divisionId,
        supplierId: users.supplierId,
        passwordChangedAt: users.passwordChangedAt,
        // A person's own status is not enough: a company the admin disabled closes its people's access too.
        companyStatus: sql<string | null>`coalesce(${enterprises.status}, ${suppliers.status})`,
        companyName: sql<string | null>`coalesce(${enterprises.name}, ${suppliers.name})`,
        // The token's session ended (signed out, or its refresh token replayed): its access tokens end with it.
        sessionEnded: sql<boolean>`EXISTS (SELECT 1 FROM ${refreshTokens} r
          WHERE r.family_id = ${sql.placeholder("sid")}::uuid AND r.revoked_at IS NOT NULL)`,
      })
      .from(users)
      .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
      .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
      .where(eq(users.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: TDb; tokens: AccessTokens }) => {
  app.decorateRequest("caller", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api") || UNDECLARED_ALLOWED.test(route.url)) return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access policy (config.access).`);
    }
  });

  // onRequest runs before the body is read, so an unauthenticated call learns nothing from validation.
  app.addHook("onRequest", async (request) => {
    const policy = request.routeOptions.config.access;
    const token = bearer(request);
    if (token) {
      const claims = await opts.tokens.verify(token);
      if (claims) {
        const [user] = await callerQuery(opts.db).execute({ id: claims.userId, sid: claims.sessionId ?? null });
        // A token issued before the last password change (or reset) is no longer honoured.
        const changedAt = user?.passwordChangedAt ? Math.floor(user.passwordChangedAt.getTime() / 1000) : 0;
        const valid = user?.status === "active" && user.role === claims.role && claims.issuedAt >= changedAt;
        // Said before the ended session: disabling a company also ends its people's sessions, and they should
        // learn why rather than be asked to sign in again.
        if (user && valid && user.companyStatus === "disabled" && policy !== undefined && policy !== "public") {
          throw new AppError("ACCOUNT_DISABLED", "Your company's account is disabled.");
        }
        if (user && valid && !user.sessionEnded && user.companyStatus !== "disabled") {
          const {
            status: _status,
            passwordChangedAt: _changed,
            sessionEnded: _ended,
            companyStatus,
            companyName,
            ...caller
          } = user;
          request.caller = { ...caller, ip: request.ip, ...(claims.sessionId ? { sessionId: claims.sessionId } : {}) };
          if (companyStatus !== null && companyName !== null) {
            request.caller.company = { name: companyName, status: companyStatus };
          }
        }
      }
    }
    if (policy === undefined || policy === "public") return;
    if (!request.caller) throw new AppError("UNAUTHENTICATED", "Sign in first.");
    requireRoutePolicy(policy, request.caller.role);
  });
});
