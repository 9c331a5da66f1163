import type { TSupplierCompany } from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const SUPPLIER_USER_ID = uuid(501);
export const SUPPLIER_ID = uuid(500);
const CREATED = "2026-11-20T08:30:00.000Z";

export const supplierToken = () => fakeToken({ role: "Supplier", id: SUPPLIER_USER_ID, email: "sam@acme.io" });

export function supplierCompany(overrides: Partial<TSupplierCompany> = {}): TSupplierCompany {
  return {
    id: SUPPLIER_ID,
    name: "Acme Scaffolding",
    email: "office@acme.io",
    phone: "+33 4 72 00 00 00",
    address: "12 Dock Street, Lyon",
    website: null,
    logo: null,
    status: "active",
    createdAt: CREATED,
    ...overrides,
  };
}

export const supplierMe = {
  id: SUPPLIER_USER_ID,
  name: "Sam Supplier",
  email: "sam@acme.io",
  role: "Supplier",
  company: { id: SUPPLIER_ID, name: "Acme Scaffolding" },
  phone: "+33 6 11 22 33 44",
  language: "en",
  status: "active",
  createdAt: CREATED,
};

type THandler = (request: TFakeRequest, state: { company: TSupplierCompany }) => TFakeAnswer | undefined;

/**
 * The signed-in Supplier and its company: GET answers from `state`, PATCH merges the body into it; `handle`
 * answers first (uploads, refusals).
 */
export function supplierServer(initial: Partial<TSupplierCompany> = {}, handle: THandler = () => undefined) {
  const state = { company: supplierCompany(initial) };
  const calls = fakeServer(state, handle, (request) => {
    const { method, url } = request;
    if (url === `/Supplier/${SUPPLIER_USER_ID}`) return { status: 200, data: { data: supplierMe } };
    if (url === "/auth/me") return { status: 200, data: { data: supplierMe } };
    if (url === "/supplier-company" && method === "GET") return { status: 200, data: { data: state.company } };
    if (url === "/supplier-company" && method === "PATCH") {
      state.company = { ...state.company, ...(request.body as object) };
      return { status: 200, data: { data: state.company } };
    }
    if (url === "/demands/waiting-count") return { status: 200, data: { data: { count: 0 } } };
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
  return { state, calls, writes: () => calls.filter((call) => call.method !== "GET") };
}
