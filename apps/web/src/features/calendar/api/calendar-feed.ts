import { type TCalendarFeed, ZCalendarFeedSchema } from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export const CALENDAR_FEED_KEY = ["calendar-feed"] as const;

export async function getCalendarFeed(): Promise<TCalendarFeed> {
  return parseData(ZCalendarFeedSchema, (await api.get("/calendar-feed")).data);
}

/** POST: a new address (the previous one, if any, stops working). */
export async function resetCalendarFeed(): Promise<TCalendarFeed> {
  return parseData(ZCalendarFeedSchema, (await api.post("/calendar-feed")).data);
}

export async function turnOffCalendarFeed(): Promise<void> {
  await api.delete("/calendar-feed");
}

export function useCalendarFeed() {
  return useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: getCalendarFeed });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(CALENDAR_FEED_KEY, feed),
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => queryClient.setQueryData<TCalendarFeed>(CALENDAR_FEED_KEY, { url: null, createdAt: null }),
  });
}
