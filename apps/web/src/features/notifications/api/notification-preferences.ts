import {
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  ZNotificationPreferencesSchema,
} from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

export const PREFERENCES_KEY = ["me", "notification-preferences"] as const;

/** GET /api/me/notification-preferences: the kinds the caller may receive, and which also come by e-mail. */
export async function getNotificationPreferences(): Promise<TNotificationPreferences> {
  const response = await api.get("/me/notification-preferences");
  return parseData(ZNotificationPreferencesSchema, response.data);
}

/** PUT /api/me/notification-preferences with the kinds changed; answers them all. */
export async function updateNotificationPreferences(
  body: TNotificationPreferencesUpdate,
): Promise<TNotificationPreferences> {
  const response = await api.put("/me/notification-preferences", body);
  return parseData(ZNotificationPreferencesSchema, response.data);
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: getNotificationPreferences });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
