import {
  type TPublicWorkerCard,
  type TWorkerCard,
  ZPublicWorkerCardSchema,
  ZWorkerCardSchema,
} from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const cardKey = (id: string) => ["worker-card", id] as const;

/** GET /api/workers/:id/card: the card as the signed-in reader may see it. */
export async function readWorkerCard(id: string): Promise<TWorkerCard> {
  const response = await api.get(`/workers/${encodeURIComponent(id)}/card`);
  return parseData(ZWorkerCardSchema, response.data);
}

export function useWorkerCard(id: string) {
  return useQuery({ queryKey: cardKey(id), queryFn: () => readWorkerCard(id), enabled: id.length > 0 });
}

/** POST /api/workers/:id/card/reissue (the supplier): a new code, the old QR code stops working. */
export function useReissueWorkerCard(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await api.post(`/workers/${encodeURIComponent(id)}/card/reissue`);
      return parseData(ZWorkerCardSchema, response.data);
    },
    onSuccess: (card) => client.setQueryData(cardKey(id), card),
  });
}

/** GET /api/public/worker-cards/:token: what the card's QR code shows, signed in or not. */
export async function readPublicWorkerCard(token: string): Promise<TPublicWorkerCard> {
  const response = await api.get(`/public/worker-cards/${encodeURIComponent(token)}`);
  return parseData(ZPublicWorkerCardSchema, response.data);
}

export function usePublicWorkerCard(token: string) {
  return useQuery({
    queryKey: ["public", "worker-card", token],
    queryFn: () => readPublicWorkerCard(token),
    enabled: token.length > 0,
    retry: false,
    // The answer is about today: never show an old one as current.
    staleTime: 0,
    gcTime: 0,
  });
}
