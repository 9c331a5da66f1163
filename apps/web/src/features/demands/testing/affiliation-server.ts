import {
  affiliationDemandActions,
  type TAffiliationDemand,
  type TContractorProfile,
  type TDirectoryEnterprise,
} from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";

/** Ids must be UUIDs: the shared schemas check the ones forms send. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const ENTERPRISE_USER_ID = uuid(1);
export const RESPONSIBLE_ID = uuid(2);
export const SUPPLIER_USER_ID = uuid(3);
export const REFINERY = { id: uuid(10), name: "Rhône Refinery" };
export const ACME = { id: uuid(20), name: "Acme Scaffolding" };
const CREATED = "2026-11-20T08:30:00.000Z";

export const enterpriseToken = () => fakeToken({ role: "Enterprise", id: ENTERPRISE_USER_ID, email: "eve@x.io" });
export const responsibleToken = () => fakeToken({ role: "Responsible", id: RESPONSIBLE_ID, email: "rita@x.io" });
export const supplierToken = () => fakeToken({ role: "Supplier", id: SUPPLIER_USER_ID, email: "sam@acme.io" });

const PROFILES: Record<string, object> = {
  [`/Enterprise/${ENTERPRISE_USER_ID}`]: { id: ENTERPRISE_USER_ID, name: "Eve", email: "eve@x.io", role: "Enterprise" },
  [`/Responsible/${RESPONSIBLE_ID}`]: {
    id: RESPONSIBLE_ID,
    name: "Rita",
    email: "rita@x.io",
    role: "Responsible",
    division: { id: uuid(11), name: "North Plant", enterpriseId: REFINERY.id, enterpriseName: REFINERY.name },
  },
  [`/Supplier/${SUPPLIER_USER_ID}`]: {
    id: SUPPLIER_USER_ID,
    name: "Sam",
    email: "sam@acme.io",
    role: "Supplier",
    company: ACME,
  },
};

/** A demand as `role` sees it (its actions from the shared table). */
export function demand(
  n: number,
  role: string,
  fields: Partial<TAffiliationDemand> & Pick<TAffiliationDemand, "direction">,
): TAffiliationDemand {
  const base = {
    id: uuid(100 + n),
    kind: "affiliation" as const,
    status: "pending" as const,
    createdAt: CREATED,
    decidedAt: null,
    remark: null,
    enterprise: REFINERY,
    supplier: { id: uuid(200 + n), name: `Contractor ${n}` },
    email: `contractor${n}@x.io`,
    requestedBy: { id: uuid(300 + n), name: `Person ${n}`, role: "Supplier" },
    decidedBy: null,
    missingDocuments: [],
    ...fields,
  };
  return { ...base, actions: affiliationDemandActions(base, role) };
}

export function contractor(n: number, fields: Partial<TContractorProfile> = {}): TContractorProfile {
  return {
    id: uuid(200 + n),
    name: `Contractor ${n}`,
    email: `contractor${n}@x.io`,
    phone: null,
    logo: null,
    affiliationStatus: "affiliated",
    since: CREATED,
    employeeCount: 0,
    compliance: { status: "compliant", items: [] },
    address: null,
    website: null,
    employees: [],
    history: [],
    ...fields,
  };
}

export interface TAffiliationState {
  demands: TAffiliationDemand[];
  contractors: TContractorProfile[];
  directory: TDirectoryEnterprise[];
  waitingCount: number;
}

type THandler = (request: TFakeRequest, state: TAffiliationState) => TFakeAnswer | undefined;

const page = <T>(data: T[], total = data.length) => ({ status: 200, data: { data, page: 1, pageSize: 20, total } });
const notFound = (code = "NOT_FOUND") => ({ status: 404, data: { error: { code, message: "not found" } } });

/**
 * An in-memory affiliation API for page tests: the three profiles, demands (filtered by waiting, status and
 * direction as the server does), contractors and the enterprise directory; `handle` answers first (writes,
 * refusals).
 */
export function affiliationServer(initial: Partial<TAffiliationState> = {}, handle: THandler = () => undefined) {
  const state: TAffiliationState = { demands: [], contractors: [], directory: [], waitingCount: 0, ...initial };
  const calls = fakeServer(state, handle, ({ method, url, params }) => {
    const profile = PROFILES[url];
    if (profile) return { status: 200, data: { data: profile } };
    if (method !== "GET") return { status: 500 };
    if (url === "/demands/waiting-count") return { status: 200, data: { data: { count: state.waitingCount } } };
    if (url === "/demands") {
      return page(
        state.demands.filter(
          (item) =>
            (params.waiting !== "true" || item.actions.includes("approve")) &&
            (!params.status || item.status === params.status) &&
            (!params.direction || item.direction === params.direction),
        ),
      );
    }
    if (url === "/contractors") {
      const { contractors } = state;
      return page(contractors.filter((item) => !params.status || item.affiliationStatus === params.status));
    }
    if (url.startsWith("/contractors/")) {
      const found = state.contractors.find((item) => item.id === url.split("/")[2]);
      return found ? { status: 200, data: { data: found } } : notFound("CONTRACTOR_OR_COMPANY_NOT_LISTED");
    }
    if (url === "/enterprise-directory") {
      const q = String(params.q ?? "").toLowerCase();
      return page(state.directory.filter((item) => item.name.toLowerCase().includes(q)));
    }
    return notFound();
  });
  return {
    calls,
    state,
    writes: () => calls.filter((call) => call.method !== "GET"),
    gets: (url: string) => calls.filter((call) => call.method === "GET" && call.url === url),
  };
}
