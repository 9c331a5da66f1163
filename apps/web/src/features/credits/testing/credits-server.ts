import {
  type TCreditDemand,
  type TCreditSummary,
  type TCreditTransaction,
  ZCreditDemandInputSchema,
  ZCreditPurchaseSchema,
} from "@openpermit/shared";
import type { TFakeAnswer, TFakeRequest } from "../../../test/fake-api";

export const AT = "2026-11-20T08:30:00.000Z";

export function creditTransaction(n: number, overrides: Partial<TCreditTransaction> = {}): TCreditTransaction {
  return {
    id: `00000000-0000-4000-8000-${String(500 + n).padStart(12, "0")}`,
    kind: "purchase",
    quantity: 10,
    note: "",
    permit: null,
    recordedBy: { id: "00000000-0000-4000-8000-000000000900", name: "Ada Admin", role: "Admin" },
    at: AT,
    ...overrides,
  };
}

export const consumption = (n: number, documentNumber: string) =>
  creditTransaction(n, {
    kind: "consumption",
    quantity: -1,
    permit: { id: `00000000-0000-4000-8000-${String(600 + n).padStart(12, "0")}`, documentNumber },
    recordedBy: { id: "00000000-0000-4000-8000-000000000950", name: "Eve Employee", role: "Employee" },
  });

export function creditDemand(n: number, overrides: Partial<TCreditDemand> = {}): TCreditDemand {
  return {
    id: `00000000-0000-4000-8000-${String(700 + n).padStart(12, "0")}`,
    kind: "credits",
    status: "pending",
    quantity: 20,
    note: "",
    createdAt: AT,
    decidedAt: null,
    remark: null,
    enterprise: { id: "00000000-0000-4000-8000-000000000e01", name: "Rhône Refinery" },
    requester: { id: "00000000-0000-4000-8000-0000000000e1", name: "Rita Principal", email: "rita@x.io" },
    ...overrides,
  };
}

/** One enterprise's credits: the summary follows from the ledger, as on the server; its requests, newest first. */
export interface TCreditState {
  transactions: TCreditTransaction[];
  demands?: TCreditDemand[];
}

export function summaryOf({ transactions }: TCreditState): TCreditSummary {
  const total = transactions.filter((tx) => tx.kind === "purchase").reduce((sum, tx) => sum + tx.quantity, 0);
  const used = transactions.filter((tx) => tx.kind === "consumption").length;
  return { total, used, remaining: total - used, lastTransactionAt: transactions[0]?.at ?? null };
}

const pageOf = <T>(rows: T[], params: Record<string, unknown>) => {
  const page = Number(params.page ?? 1);
  const pageSize = Number(params.pageSize ?? 20);
  return {
    status: 200,
    data: { data: rows.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: rows.length },
  };
};

/**
 * The credit routes in memory, for the signed-in enterprise (`/credits…`) and for the admin
 * (`/admin/enterprises/:enterpriseId/credits…`); undefined for any other call.
 */
export function creditsRoutes(state: TCreditState, enterpriseId: string) {
  return ({ method, url, params, body }: TFakeRequest): TFakeAnswer | undefined => {
    const admin = `/admin/enterprises/${enterpriseId}/credits`;
    if (method === "GET" && (url === "/credits" || url === admin)) {
      return { status: 200, data: { data: summaryOf(state) } };
    }
    if (method === "GET" && (url === "/credits/transactions" || url === `${admin}/transactions`)) {
      return pageOf(state.transactions, params);
    }
    const demandAnswer = creditDemandRoutes(state, { method, url, params, body });
    if (demandAnswer) return demandAnswer;
    if (method === "POST" && url === admin) {
      const input = ZCreditPurchaseSchema.parse(body);
      const recorded = creditTransaction(state.transactions.length + 100, {
        quantity: input.quantity,
        note: input.note,
        at: "2026-11-21T10:00:00.000Z",
      });
      state.transactions = [recorded, ...state.transactions];
      return { status: 201, data: { data: summaryOf(state) } };
    }
    return undefined;
  };
}

/** The enterprise's own credits requests (`/credits/demands…`), one pending at a time as on the server. */
function creditDemandRoutes(
  state: TCreditState,
  { method, url, params, body }: Omit<TFakeRequest, "authorization">,
): TFakeAnswer | undefined {
  state.demands ??= [];
  const demands = state.demands;
  if (method === "GET" && url === "/credits/demands") return pageOf(demands, params);
  if (method === "POST" && url === "/credits/demands") {
    if (demands.some((d) => d.status === "pending")) {
      return { status: 409, data: { error: { code: "CREDIT_DEMAND_PENDING", message: "pending" } } };
    }
    const input = ZCreditDemandInputSchema.parse(body);
    const created = creditDemand(demands.length + 1, { quantity: input.quantity, note: input.note });
    state.demands = [created, ...demands];
    return { status: 201, data: { data: created } };
  }
  const cancel = /^\/credits\/demands\/([^/]+)\/cancel$/.exec(url);
  if (method === "POST" && cancel) {
    const found = demands.find((d) => d.id === cancel[1]);
    if (!found) return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
    if (found.status !== "pending") return { status: 409, data: { error: { code: "CONFLICT", message: "decided" } } };
    Object.assign(found, { status: "cancelled", decidedAt: "2026-11-21T11:00:00.000Z" });
    return { status: 200, data: { data: found } };
  }
  return undefined;
}
