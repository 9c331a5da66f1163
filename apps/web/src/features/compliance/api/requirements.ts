import {
  type TReminderDays,
  type TRequirementInput,
  ZReminderDaysSchema,
  ZRequirementSchema,
} from "@openpermit/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const requirementsKey = ["compliance", "requirements"] as const;
const remindersKey = ["compliance", "reminders"] as const;

/** GET /api/compliance/requirements: the enterprise's requirements, documents first, the disabled ones too. */
export function useRequirements() {
  return useQuery({
    queryKey: requirementsKey,
    queryFn: async () => parseData(z.array(ZRequirementSchema), (await api.get("/compliance/requirements")).data),
  });
}

/** POST /api/compliance/requirements, PUT and DELETE /api/compliance/requirements/:id: each refreshes the list. */
export function useRequirementWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: requirementsKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, ...input }: TRequirementInput & { id?: string }) =>
        parseData(
          ZRequirementSchema,
          (id
            ? await api.put(`/compliance/requirements/${id}`, input)
            : await api.post("/compliance/requirements", input)
          ).data,
        ),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => api.delete(`/compliance/requirements/${id}`),
      onSettled,
    }),
  };
}

/** GET /api/compliance/reminders: the enterprise's two reminder days before an item's last valid day. */
export function useReminderDays() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: async () => parseData(ZReminderDaysSchema, (await api.get("/compliance/reminders")).data),
  });
}

/** PUT /api/compliance/reminders. */
export function useSetReminderDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: TReminderDays) =>
      parseData(ZReminderDaysSchema, (await api.put("/compliance/reminders", days)).data),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
  });
}
