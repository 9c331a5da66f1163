import { randomBytes } from "node:crypto";
import { createEnterprise } from "../helpers/factories";
import type { TFixture, TScope } from "./fixture";
import { PNG_FILE } from "./fixture-files";
import { freshEmployee } from "./fresh";
import { freshAdminDemand, freshAffiliationDemand, freshContractor } from "./fresh-parties";
import { isContractor, ownOnly, sideOf, type TRule, type TRuleTable } from "./rule";

const unique = () => randomBytes(3).toString("hex");
const AUTH_PUBLIC = [
  "sign-up",
  "resend-confirmation",
  "confirm-account",
  "sign-in",
  "refresh-token",
  "sign-out",
  "forgot-password",
  "verify-reset-code",
  "reset-password",
  "invitation",
  "complete-account",
];
/** A supplier's employee: S1's own, another supplier of the same enterprise's, or tenant B's supplier's. */
const employee = (f: TFixture, s: TScope) =>
  s === "otherSupplier" ? f.a.world.otherSupplier.employee.id : sideOf(f, s).world.employee.id;
const bySupplier = (target: TRule["target"], extra: Partial<TRule> = {}): TRule => ({
  scopes: { own: "all", otherSupplier: [], otherTenant: [] },
  target,
  ...extra,
});
const enterpriseOf = (f: TFixture, s: TScope) => sideOf(f, s).world.enterprise.id;
/** The admin reaches every company: the tenants are all its own. */
const anyCompany = (id: (f: TFixture) => string, extra: Partial<TRule> = {}) =>
  ownOnly((f) => ({ params: { id: id(f) } }), extra);
/**
 * An affiliation demand the caller's side is party to (of tenant A or S1), or one of tenant B. Approving and
 * denying are the receiving side's (Responsibles only read); cancelling the sending side's.
 */
const demand = (action: "read" | "answer" | "cancel"): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: async (f, s, role, reached) => {
    const contractor = isContractor(role);
    const fromSupplier = action === "answer" ? !contractor : contractor;
    const fresh = action !== "read" || !reached;
    return {
      params: {
        id: fresh ? await freshAffiliationDemand(f, s, fromSupplier, contractor) : await sharedDemand(f, role),
      },
      ...(action === "read" ? {} : { body: {} }),
    };
  },
  ...(action === "read" ? {} : { workflow: true, permits: (role) => role !== "Responsible" }),
});
const shared = new Map<string, string>();
async function sharedDemand(f: TFixture, role: Parameters<TRule["target"]>[2]) {
  const key = isContractor(role) ? "contractor" : "principal";
  if (!shared.has(key)) shared.set(key, await freshAffiliationDemand(f, "own", isContractor(role), isContractor(role)));
  return shared.get(key)!;
}

export const PARTY_RULES: TRuleTable = {
  "GET /api/openapi.json": ownOnly(),
  "GET /api/health": ownOnly(),
  "GET /api/ping": ownOnly(),
  // Public forms: an empty body is refused as invalid (400), never as unauthenticated; nothing is sent or changed.
  ...Object.fromEntries(AUTH_PUBLIC.map((name) => [`POST /api/auth/${name}`, ownOnly(() => ({ body: {} }))])),
  // A wrong old password: the service is reached, and no token of the fixture's is revoked.
  "POST /api/auth/change-password": ownOnly(() => ({
    body: { oldPassword: "Not-the-password-1", newPassword: "Another-pass-99" },
  })),
  "GET /api/auth/me": ownOnly(),
  "PATCH /api/auth/me": ownOnly(() => ({ body: { phone: "+33 1 23 45 67 89" } })),
  "GET /api/:role/:id": {
    scopes: { own: "all", otherTenant: ["Admin"] },
    target: (f, s, role) =>
      s === "own" && role
        ? { params: { role, id: f.callers[role].id } }
        : { params: { role: "Enterprise", id: f.b.world.enterpriseUser.id } },
  },

  "GET /api/admin/demands": ownOnly(),
  "POST /api/admin/demands/:id/approve": ownOnly(async (f) => ({
    params: { id: await freshAdminDemand(f) },
    body: {},
  })),
  "POST /api/admin/demands/:id/deny": ownOnly(async (f) => ({
    params: { id: await freshAdminDemand(f) },
    body: { remark: "Unknown company" },
  })),
  "GET /api/admin/suppliers": ownOnly(),
  "GET /api/admin/enterprises": ownOnly(),
  "GET /api/admin/enterprises/:id": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/suppliers/:id": anyCompany((f) => f.b.world.otherTenant.supplier.id),
  "POST /api/admin/suppliers/:id/disable": anyCompany((f) => f.b.world.otherTenant.supplier.id),
  "POST /api/admin/suppliers/:id/enable": anyCompany((f) => f.b.world.otherTenant.supplier.id),
  "POST /api/admin/enterprises/:id/disable": anyCompany((f) => f.b.world.otherTenant.enterprise.id),
  "POST /api/admin/enterprises/:id/enable": anyCompany((f) => f.b.world.otherTenant.enterprise.id),
  "POST /api/admin/enterprises/:id/credits": ownOnly((f) => ({
    params: { id: f.b.world.enterprise.id },
    body: { quantity: 5 },
  })),
  "GET /api/admin/enterprises/:id/credits": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/enterprises/:id/credits/transactions": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/enterprises/:id/divisions": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/enterprises/:id/users": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/enterprises/:id/activity": anyCompany((f) => f.b.world.enterprise.id),
  "GET /api/admin/dashboard": ownOnly(),

  "GET /api/supplier-company": ownOnly(),
  "PATCH /api/supplier-company": ownOnly(() => ({ body: { address: "4 quai" } })),
  "PUT /api/supplier-company/logo": ownOnly(() => ({ file: { field: "logo", part: PNG_FILE() } })),
  "DELETE /api/supplier-company/logo": ownOnly(),
  // A contractor's logo: its own people, the principals it is affiliated with, the admin.
  "GET /api/suppliers/:id/logo": {
    scopes: { own: "all", otherTenant: ["Admin"] },
    target: (f, s) => ({ params: { id: sideOf(f, s).world.supplier.id } }),
  },
  "GET /api/employees": ownOnly(),
  "GET /api/employees/:id": bySupplier((f, s) => ({ params: { id: employee(f, s) } })),
  "POST /api/employees": ownOnly(() => ({ body: { name: "New Hand", email: `hand-${unique()}@example.com` } })),
  "PATCH /api/employees/:id": bySupplier((f, s) => ({
    params: { id: employee(f, s) },
    body: { phone: "+33 6 00 00 00 00" },
  })),
  ...Object.fromEntries(
    ["disable", "enable", "resend-invitation"].map((action) => [
      `POST /api/employees/:id/${action}`,
      bySupplier(
        async (f, s, _r, reached) => ({
          params: { id: reached ? await freshEmployee(f, s, action === "resend-invitation") : employee(f, s) },
        }),
        {
          workflow: true,
        },
      ),
    ]),
  ),
  "DELETE /api/employees/:id": bySupplier(async (f, s, _r, reached) => ({
    params: { id: reached ? await freshEmployee(f, s) : employee(f, s) },
  })),

  "POST /api/affiliations/invitations": ownOnly(() => ({
    body: { email: `new-${unique()}@example.com`, companyName: "New Co" },
  })),
  "POST /api/affiliations/requests": ownOnly(async (f) => ({
    body: { enterpriseId: (await createEnterprise(f.t.ctx)).enterprise.id },
  })),
  "GET /api/enterprise-directory": ownOnly(() => ({}), {
    mayNameOthers: "the directory lists every enterprise a supplier may ask to join",
  }),
  "GET /api/principals": ownOnly(),
  "GET /api/demands": ownOnly(),
  "GET /api/demands/waiting-count": ownOnly(),
  "GET /api/demands/:id": demand("read"),
  "POST /api/demands/:id/approve": demand("answer"),
  "POST /api/demands/:id/deny": demand("answer"),
  "POST /api/demands/:id/cancel": demand("cancel"),
  "GET /api/contractors": ownOnly(),
  "GET /api/contractors/:id": {
    scopes: { own: "all", otherTenant: [] },
    target: (f, s) => ({ params: { id: sideOf(f, s).world.supplier.id } }),
  },
  "POST /api/contractors/:id/detach": {
    scopes: { own: "all", otherTenant: [] },
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshContractor(f, s, "affiliated") : sideOf(f, s).world.supplier.id },
      body: {},
    }),
  },
  "POST /api/contractors/:id/reaffiliate": {
    scopes: { own: "all", otherTenant: [] },
    target: async (f, s) => ({
      params: { id: await freshContractor(f, s, "detached") },
    }),
  },

  "POST /api/credits/demands": ownOnly(() => ({ body: { quantity: 3 } }), { workflow: true }),
  "GET /api/credits/demands": ownOnly(),
  "POST /api/credits/demands/:id/cancel": {
    scopes: { own: "all", otherTenant: [] },
    target: (f, s) => ({ params: { id: sideOf(f, s).creditDemandId } }),
  },
  "GET /api/credits": ownOnly(),
  "GET /api/credits/transactions": ownOnly(),

  "GET /api/enterprise/company": ownOnly(),
  "PUT /api/enterprise/company": ownOnly((f) => ({
    body: { name: f.a.world.enterprise.name, email: f.a.world.enterprise.email },
  })),
  "PUT /api/enterprise/company/logo": ownOnly(() => ({ file: { field: "logo", part: PNG_FILE() } })),
  "DELETE /api/enterprise/company/logo": ownOnly(),
  "GET /api/enterprise/permit-settings": ownOnly(),
  "PUT /api/enterprise/permit-settings": ownOnly(() => ({
    body: { startGraceMinutes: 15, overdueEscalationGraceMinutes: 30, waitingEscalationDelayMinutes: 240 },
  })),
  ...Object.fromEntries(
    ["", "/links", "/logo"].map((suffix) => [
      `GET /api/enterprises/:id/company${suffix}`,
      {
        scopes: { own: "all", otherTenant: [] },
        target: (f: TFixture, s: TScope) => ({ params: { id: enterpriseOf(f, s) } }),
      },
    ]),
  ),
  "GET /api/audit": ownOnly(),
  "GET /api/audit/export": ownOnly(() => ({ query: { format: "csv" } })),
};
