import {
  type TCreditPurchase,
  type TCreditSummary,
  type TCreditTransaction,
  ZCreditSummarySchema,
  ZCreditTransactionSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";

/**
 * Whose credits: the signed-in enterprise's own (`own`, GET /api/credits…) or any enterprise's as the admin
 * sees them (GET /api/admin/enterprises/:id/credits…).
 */
export type TCreditOwner = { kind: "own" } | { kind: "enterprise"; enterpriseId: string };

export const CREDITS_KEY = ["credits"] as const;
const ownerKey = (owner: TCreditOwner) => (owner.kind === "own" ? "own" : owner.enterpriseId);
export const creditKeys = {
  of: (owner: TCreditOwner) => [...CREDITS_KEY, ownerKey(owner)] as const,
  summary: (owner: TCreditOwner) => [...creditKeys.of(owner), "summary"] as const,
  transactions: (owner: TCreditOwner, page: number, pageSize: number) =>
    [...creditKeys.of(owner), "transactions", { page, pageSize }] as const,
};

const basePath = (owner: TCreditOwner) =>
  owner.kind === "own" ? "/credits" : `/admin/enterprises/${encodeURIComponent(owner.enterpriseId)}/credits`;

const ZTransactionPageSchema = ZPageSchema(ZCreditTransactionSchema);

export async function getCreditSummary(owner: TCreditOwner): Promise<TCreditSummary> {
  const response = await api.get(basePath(owner));
  return parseData(ZCreditSummarySchema, response.data);
}

/** Newest first, paginated on the server. */
export async function listCreditTransactions(
  owner: TCreditOwner,
  page: number,
  pageSize: number,
): Promise<TPage<TCreditTransaction>> {
  const response = await api.get(`${basePath(owner)}/transactions`, { params: { page, pageSize } });
  return parseBody(ZTransactionPageSchema, response.data);
}

export function useCreditSummary(owner: TCreditOwner) {
  return useQuery({ queryKey: creditKeys.summary(owner), queryFn: () => getCreditSummary(owner) });
}

export function useCreditTransactions(owner: TCreditOwner, page: number, pageSize: number) {
  return useQuery({
    queryKey: creditKeys.transactions(owner, page, pageSize),
    queryFn: () => listCreditTransactions(owner, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/enterprises/:id/credits: the admin records a purchase; the summary and ledger refresh. */
export async function purchaseCredits(enterpriseId: string, input: TCreditPurchase): Promise<TCreditSummary> {
  const response = await api.post(`/admin/enterprises/${encodeURIComponent(enterpriseId)}/credits`, input);
  return parseData(ZCreditSummarySchema, response.data);
}

export function usePurchaseCredits(enterpriseId: string) {
  const queryClient = useQueryClient();
  const owner: TCreditOwner = { kind: "enterprise", enterpriseId };
  return useMutation({
    mutationFn: (input: TCreditPurchase) => purchaseCredits(enterpriseId, input),
    onSuccess: (summary) => queryClient.setQueryData(creditKeys.summary(owner), summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.of(owner) }),
  });
}
