import type { TAdminEnterprise, TAdminEnterpriseProfile, TAdminSupplier } from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const ADMIN_ID = uuid(900);
const CREATED = "2026-11-20T08:30:00.000Z";

export const adminToken = () => fakeToken({ role: "Admin", id: ADMIN_ID, email: "ada@x.io" });

export function adminSupplier(n: number, name: string, overrides: Partial<TAdminSupplier> = {}): TAdminSupplier {
  return {
    id: uuid(700 + n),
    name,
    email: `office@${name.split(" ")[0]!.toLowerCase()}.io`,
    phone: null,
    status: "active",
    createdAt: CREATED,
    employeeCount: 0,
    affiliationCount: 0,
    ...overrides,
  };
}

export function adminEnterprise(n: number, name: string, overrides: Partial<TAdminEnterprise> = {}): TAdminEnterprise {
  return {
    id: uuid(800 + n),
    name,
    email: `owner@${name.split(" ")[0]!.toLowerCase()}.io`,
    phone: null,
    status: "active",
    createdAt: CREATED,
    divisionCount: 0,
    managerCount: 0,
    contractorCount: 0,
    ...overrides,
  };
}

export function enterpriseProfile(
  enterprise: TAdminEnterprise,
  overrides: Partial<TAdminEnterpriseProfile> = {},
): TAdminEnterpriseProfile {
  return {
    ...enterprise,
    address: null,
    website: null,
    accounts: [
      {
        id: uuid(850),
        name: "Olga Owner",
        email: enterprise.email,
        phone: null,
        status: enterprise.status === "active" ? "active" : "pending_verification",
      },
    ],
    pendingDemandId: null,
    ...overrides,
  };
}

export interface TAdminState {
  suppliers: TAdminSupplier[];
  enterprises: TAdminEnterprise[];
  profiles: TAdminEnterpriseProfile[];
}

type THandler = (request: TFakeRequest, state: TAdminState) => TFakeAnswer | undefined;

const page = <T>(rows: T[], params: Record<string, unknown>) => ({
  status: 200,
  data: { data: rows, page: Number(params.page ?? 1), pageSize: Number(params.pageSize ?? 20), total: rows.length },
});

/** The admin's company routes in memory: lists filter by `status`; `handle` answers first (writes, refusals). */
export function adminCompaniesServer(initial: Partial<TAdminState> = {}, handle: THandler = () => undefined) {
  const state: TAdminState = { suppliers: [], enterprises: [], profiles: [], ...initial };
  const calls = fakeServer(state, handle, ({ method, url, params }) => {
    if (url === `/Admin/${ADMIN_ID}`) {
      return { status: 200, data: { data: { id: ADMIN_ID, name: "Ada Admin", email: "ada@x.io", role: "Admin" } } };
    }
    if (url === "/demands/waiting-count") return { status: 200, data: { data: { count: 0 } } };
    const byStatus = <T extends { status: string }>(rows: T[]) =>
      rows.filter((row) => !params.status || row.status === params.status);
    if (method === "GET" && url === "/admin/suppliers") return page(byStatus(state.suppliers), params);
    if (method === "GET" && url === "/admin/enterprises") return page(byStatus(state.enterprises), params);
    const profile = state.profiles.find((p) => url === `/admin/enterprises/${p.id}`);
    if (method === "GET" && profile) return { status: 200, data: { data: profile } };
    const details = detailsOf(state, url);
    if (method === "GET" && details) return details === "activity" ? activityAnswer() : page([], params);
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
  return { state, calls, writes: () => calls.filter((call) => call.method !== "GET") };
}

/** An enterprise's divisions, users or activity (`/admin/enterprises/:id/…`): none and nothing, unless a test says. */
function detailsOf(state: TAdminState, url: string): "divisions" | "users" | "activity" | null {
  const match = /^\/admin\/enterprises\/([^/]+)\/(divisions|users|activity)$/.exec(url);
  if (!match || !state.profiles.some((p) => p.id === match[1])) return null;
  return match[2] as "divisions" | "users" | "activity";
}

const activityAnswer = () => ({
  status: 200,
  data: {
    data: {
      months: ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"].map((month) => ({
        month,
        permitsSent: 0,
      })),
      lastSignInAt: null,
      activeUsers30Days: 0,
    },
  },
});
