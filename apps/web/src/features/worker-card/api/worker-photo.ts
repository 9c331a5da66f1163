import { ZWorkerCardSchema } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

const path = (id: string) => `/workers/${encodeURIComponent(id)}/card/photo`;

/** PUT and DELETE /api/workers/:id/card/photo (the supplier): the card comes back with its new photo address. */
export function useWorkerPhoto(id: string) {
  const client = useQueryClient();
  const store = (data: unknown) => client.setQueryData(["worker-card", id], parseData(ZWorkerCardSchema, data));
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append("photo", file, file.name);
      store((await api.put(path(id), body)).data);
    },
  });
  const remove = useMutation({
    mutationFn: async () => store((await api.delete(path(id))).data),
  });
  return { upload, remove };
}

/** The photo on a card's public page: a public route, read by the <img> itself. */
export const publicWorkerPhotoUrl = (token: string) => `/api/public/worker-cards/${encodeURIComponent(token)}/photo`;
