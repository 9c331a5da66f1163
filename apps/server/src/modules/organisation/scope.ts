import { eq } from "drizzle-orm";
import type { TContext } from "../../context";
import { enterprises } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";

/**
 * Where in its enterprise a principal's person acts: the whole enterprise, or one division. Every
 * organisation service starts from this, and loads nothing outside it.
 */
export type TOrgScope =
  | { role: "Enterprise"; userId: string; userName: string; enterpriseId: string; enterpriseName: string }
  | {
      role: "SuperResponsible" | "Responsible";
      userId: string;
      userName: string;
      enterpriseId: string;
      enterpriseName: string;
      divisionId: string;
    };

/**
 * The caller's scope, once its enterprise is known to be active: an enterprise the admin disabled (or has
 * not yet approved) closes its organisation to its people at once, even to tokens issued before.
 */
export async function organisationScope(ctx: TContext, caller: TCaller): Promise<TOrgScope> {
  if (!caller.enterpriseId) throw new AppError("FORBIDDEN", "You may not do this.");
  const enterprise =
    caller.company ??
    (
      await ctx.db
        .select({ name: enterprises.name, status: enterprises.status })
        .from(enterprises)
        .where(eq(enterprises.id, caller.enterpriseId))
    )[0];
  if (!enterprise || enterprise.status === "disabled") throw new AppError("ACCOUNT_DISABLED");
  if (enterprise.status !== "active") throw new AppError("ACCOUNT_INACTIVE");
  const base = {
    userId: caller.id,
    userName: caller.name,
    enterpriseId: caller.enterpriseId,
    enterpriseName: enterprise.name,
  };
  if (caller.role === "Enterprise") return { role: "Enterprise", ...base };
  if ((caller.role === "SuperResponsible" || caller.role === "Responsible") && caller.divisionId) {
    return { role: caller.role, ...base, divisionId: caller.divisionId };
  }
  throw new AppError("FORBIDDEN", "You may not do this.");
}

/** Refuses (403) a scope that may not edit the organisation: a permit manager only reads. */
export function requireEditor(scope: TOrgScope): asserts scope is Exclude<TOrgScope, { role: "Responsible" }> {
  if (scope.role === "Responsible") throw new AppError("FORBIDDEN", "You may not do this.");
}

/** `q` as an ILIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const notFound = (what: string) => new AppError("NOT_FOUND", `This ${what} does not exist.`);

/** PostgreSQL's unique violation on one named constraint or index. */
export function violates(error: unknown, constraint: string): boolean {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === "23505" && pg.constraint === constraint) return true;
  }
  return false;
}

export const pageOf = <T>(data: T[], query: { page: number; pageSize: number }, total: number) => ({
  data,
  page: query.page,
  pageSize: query.pageSize,
  total,
});
