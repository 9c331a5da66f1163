import { type TRiskAssignmentInput, ZApplicableSchema, ZRiskAssignmentSchema } from "@openpermit/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { RISKS_KEY, useRefreshRisks } from "./query-keys";

export interface TPlace {
  sectorId: string;
  /** A sub-sector of that sector, or null for the whole sector. */
  subSectorId: string | null;
  workTypeId: string;
}

const placeParams = ({ sectorId, subSectorId, workTypeId }: TPlace) =>
  subSectorId ? { subSectorId, workTypeId } : { sectorId, workTypeId };

/** GET /api/risk-assignments?sectorId|subSectorId&workTypeId: the assignment of exactly that place. */
export function useRiskAssignment(place: TPlace | null) {
  return useQuery({
    queryKey: [...RISKS_KEY, "assignment", place],
    queryFn: async () => {
      const response = await api.get("/risk-assignments", { params: placeParams(place!) });
      return parseData(ZRiskAssignmentSchema, response.data);
    },
    enabled: place !== null,
  });
}

/** GET /api/risk-assignments/applicable: the sector's assignment ∪ the sub-sector's additions (`inherited`). */
export function useApplicable(place: TPlace | null) {
  return useQuery({
    queryKey: [...RISKS_KEY, "applicable", place],
    queryFn: async () => {
      const { sectorId, subSectorId, workTypeId } = place!;
      const response = await api.get("/risk-assignments/applicable", {
        params: { sectorId, subSectorId: subSectorId ?? undefined, workTypeId },
      });
      return parseData(ZApplicableSchema, response.data);
    },
    enabled: place !== null && place.subSectorId !== null,
  });
}

/** PUT /api/risk-assignments: replaces the assignment of that place and work type. */
export function useSaveRiskAssignment() {
  const refresh = useRefreshRisks();
  return useMutation({
    mutationFn: async (body: TRiskAssignmentInput) => {
      const response = await api.put("/risk-assignments", body);
      return parseData(ZRiskAssignmentSchema, response.data);
    },
    onSuccess: refresh,
  });
}
