import { type TCreditDemand, type TCreditDemandInput, ZCreditDemandSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { CREDITS_KEY } from "./credits";

export const creditDemandKeys = {
  all: [...CREDITS_KEY, "demands"] as const,
  page: (page: number, pageSize: number) => [...creditDemandKeys.all, { page, pageSize }] as const,
};

const ZCreditDemandPageSchema = ZPageSchema(ZCreditDemandSchema);

/** GET /api/credits/demands: the enterprise's own requests, newest first. */
export async function listCreditDemands(page: number, pageSize: number): Promise<TPage<TCreditDemand>> {
  const response = await api.get("/credits/demands", { params: { page, pageSize } });
  return parseBody(ZCreditDemandPageSchema, response.data);
}

export function useCreditDemands(page: number, pageSize: number) {
  return useQuery({
    queryKey: creditDemandKeys.page(page, pageSize),
    queryFn: () => listCreditDemands(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/credits/demands; 409 CREDIT_DEMAND_PENDING while another one waits. */
export async function requestCredits(input: TCreditDemandInput): Promise<TCreditDemand> {
  const response = await api.post("/credits/demands", input);
  return parseData(ZCreditDemandSchema, response.data);
}

export function useRequestCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCredits,
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditDemandKeys.all }),
  });
}

/** POST /api/credits/demands/:id/cancel; 409 once the admin decided it. */
export async function cancelCreditDemand(id: string): Promise<TCreditDemand> {
  const response = await api.post(`/credits/demands/${encodeURIComponent(id)}/cancel`);
  return parseData(ZCreditDemandSchema, response.data);
}

export function useCancelCreditDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCreditDemand,
    // A request decided meanwhile may have added credits: the balance refreshes with the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
  });
}
