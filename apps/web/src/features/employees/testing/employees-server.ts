import type { TEmployee } from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { SUPPLIER_USER_ID, supplierMe, uuid } from "../../supplier-company/testing/supplier-server";

export function employee(n: number, name: string, status: TEmployee["status"] = "active"): TEmployee {
  return {
    id: uuid(600 + n),
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@acme.io`,
    phone: null,
    status,
    createdAt: "2026-11-20T08:30:00.000Z",
  };
}

type THandler = (request: TFakeRequest, state: { employees: TEmployee[] }) => TFakeAnswer | undefined;

/**
 * An in-memory employees API for page tests, signed in as a Supplier: the list filters by `q` and `status` and
 * pages like the server; `handle` answers first (writes, refusals).
 */
export function employeesServer(initial: TEmployee[] = [], handle: THandler = () => undefined) {
  const state = { employees: [...initial] };
  const calls = fakeServer(state, handle, ({ method, url, params }) => {
    if (url === `/Supplier/${SUPPLIER_USER_ID}` || url === "/auth/me")
      return { status: 200, data: { data: supplierMe } };
    if (url === "/demands/waiting-count") return { status: 200, data: { data: { count: 0 } } };
    if (method === "GET" && url === "/employees") {
      const q = String(params.q ?? "").toLowerCase();
      const page = Number(params.page ?? 1);
      const pageSize = Number(params.pageSize ?? 20);
      const found = state.employees.filter(
        (e) =>
          (!q || `${e.name} ${e.email}`.toLowerCase().includes(q)) && (!params.status || e.status === params.status),
      );
      const data = found.slice((page - 1) * pageSize, page * pageSize);
      return { status: 200, data: { data, page, pageSize, total: found.length } };
    }
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
  return { state, calls, writes: () => calls.filter((call) => call.method !== "GET") };
}
