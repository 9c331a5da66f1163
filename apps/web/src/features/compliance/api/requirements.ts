import {
  type TReminderDays,
  type TRequirementInput,
  type TWorkTypeComplianceInput,
  ZReminderDaysSchema,
  ZRequirementSchema,
  ZWorkTypeComplianceSchema,
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

const needsKey = (workTypeId: string) => ["compliance", "work-type", workTypeId] as const;

/** GET /api/work-types/:id/compliance: the worker requirements the work type needs of its crews. */
export function useWorkTypeCompliance(workTypeId: string) {
  return useQuery({
    queryKey: needsKey(workTypeId),
    queryFn: async () =>
      parseData(ZWorkTypeComplianceSchema, (await api.get(`/work-types/${workTypeId}/compliance`)).data),
  });
}

/** PUT /api/work-types/:id/compliance. */
export function useSetWorkTypeCompliance(workTypeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TWorkTypeComplianceInput) =>
      parseData(ZWorkTypeComplianceSchema, (await api.put(`/work-types/${workTypeId}/compliance`, input)).data),
    onSuccess: (saved) => queryClient.setQueryData(needsKey(workTypeId), saved),
  });
}
