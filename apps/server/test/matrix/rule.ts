import type { TRole } from "@openpermit/shared";
import type { TFilePart } from "../helpers/http";
import type { TFixture, TScope } from "./fixture";

/** What fills one request: the URL's params, a query, a JSON body or one uploaded file. */
export interface TTarget {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** `fields`: the form's text fields, sent before the file. */
  file?: { field: string; part: TFilePart; fields?: Record<string, string> };
}

/** The roles (of the route's policy) that may reach the objects of a scope; "all": every role of the policy. */
export type TReach = "all" | readonly TRole[];

export interface TRule {
  /**
   * The scopes whose objects the route can be pointed at, and who may reach each. Roles of the policy that are
   * not listed must be refused (403 or 404). Routes that name no object have the caller's own scope only.
   */
  scopes: Partial<Record<TScope, TReach>>;
  /**
   * The request for a scope. `reached` says whether the caller may reach it: a destructive route is then given
   * an object of its own, so that no case spoils another.
   */
  target(f: TFixture, scope: TScope, role: TRole | null, reached: boolean): TTarget | Promise<TTarget>;
  /** A permit's workflow (or a demand's side) may still answer 403 or 409 on a reachable object. */
  workflow?: boolean;
  /**
   * For a reachable object, whether the caller may do it (a permit's workflow table): then it must succeed (2xx),
   * else be refused by the workflow (403 or 409). Without it, a reachable object's answer only must not be 401/404.
   */
  permits?: (role: TRole, scope: TScope) => boolean;
  /** The object names the other scope in the body: a refusal may be a 400 on that field. */
  refusedByValidation?: boolean;
  /**
   * The scope is named in a query (a filter): refusing is fine, and so is a 2xx that shows nothing of a scope the
   * caller may not reach (the service narrowed the filter to what the caller sees).
   */
  listFilter?: boolean;
  /** Runs with the deletes, after every other case: it changes what the others rely on. */
  late?: boolean;
  /** A 2xx answer may name the other tenant by design (with why). */
  mayNameOthers?: string;
}

export const PRINCIPALS = ["Enterprise", "SuperResponsible", "Responsible"] as const;
export const CONTRACTORS = ["Supplier", "Employee"] as const;
export const isContractor = (role: TRole | null) => role === "Supplier" || role === "Employee";

/** A side of the fixture for a scope: A for the caller's own (and other division / supplier), B for the other tenant. */
export const sideOf = (f: TFixture, scope: TScope) => (scope === "otherTenant" ? f.b : f.a);

/** `?enterpriseId=` for contractors (they name the principal whose configuration they read). */
export const enterpriseQuery = (f: TFixture, scope: TScope, role: TRole | null): Record<string, string> =>
  isContractor(role) || scope === "otherTenant" ? { enterpriseId: sideOf(f, scope).world.enterprise.id } : {};

/** Rules keyed by "METHOD /api/url" exactly as the app registers them. */
export type TRuleTable = Record<string, TRule>;

/** The caller's own scope only, with a fixed target. */
export const ownOnly = (target: TRule["target"] = () => ({}), extra: Partial<TRule> = {}): TRule => ({
  scopes: { own: "all" },
  target,
  ...extra,
});
