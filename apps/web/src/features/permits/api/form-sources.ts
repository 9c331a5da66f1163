import {
  type TLevelMinimum,
  type TRisk,
  type TSpecificRisk,
  ZApplicableSchema,
  ZEnterpriseEpiSchema,
  ZPageSchema,
  ZPrincipalSchema,
  ZRiskMatrixSchema,
  ZRiskSchema,
  ZSectorSchema,
  ZSpecificRiskSchema,
  ZSubSectorSchema,
  ZWorkTypeSchema,
} from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api/client";
import { fetchAllPages } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { permitKeys } from "./query-keys";

/**
 * What the request form offers, read from the enterprise the permit is for: a contractor names it with
 * `enterpriseId` (the server checks the affiliation), so these are the organisation and risk routes the
 * organisation and risks features call, with that parameter added.
 */

/** Every page of a list route of the enterprise, for a select. */
function fetchAll<T extends z.ZodType>(url: string, schema: T, params: Record<string, string | undefined>) {
  const pageSchema = ZPageSchema(schema);
  return fetchAllPages(async (page, pageSize) => {
    const response = await api.get(url, { params: { ...params, page, pageSize } });
    return parseBody(pageSchema, response.data);
  });
}

/**
 * GET /api/principals?status=affiliated: the enterprises a contractor may request a permit for. Not asked
 * for an internal permit (`enabled` false): principal staff write for their own enterprise.
 */
export function usePrincipals(enabled = true) {
  return useQuery({
    queryKey: permitKeys.sources(null, "principals"),
    queryFn: () => fetchAll("/principals", ZPrincipalSchema, { status: "affiliated" }),
    enabled,
  });
}

/** A list of the chosen enterprise, fetched once one is chosen (and, when `needs` is given, once it is set). */
function useEnterpriseList<T extends z.ZodType>(
  enterpriseId: string | null,
  what: string,
  url: string,
  schema: T,
  extra: Record<string, string | undefined> = {},
  enabled = true,
) {
  return useQuery({
    queryKey: permitKeys.sources(enterpriseId, what, extra),
    queryFn: () => fetchAll(url, schema, { enterpriseId: enterpriseId!, ...extra }),
    enabled: enterpriseId !== null && enabled,
  });
}

export const useEnterpriseSectors = (enterpriseId: string | null) =>
  useEnterpriseList(enterpriseId, "sectors", "/sectors", ZSectorSchema);

export const useEnterpriseSubSectors = (enterpriseId: string | null, sectorId: string | null) =>
  useEnterpriseList(
    enterpriseId,
    "sub-sectors",
    "/sub-sectors",
    ZSubSectorSchema,
    { sectorId: sectorId ?? undefined },
    sectorId !== null,
  );

export const useEnterpriseWorkTypes = (enterpriseId: string | null) =>
  useEnterpriseList(enterpriseId, "work-types", "/work-types", ZWorkTypeSchema);

export const useEnterpriseRisks = (enterpriseId: string | null) =>
  useEnterpriseList(enterpriseId, "risks", "/risks", ZRiskSchema);

export const useEnterpriseSpecificRisks = (enterpriseId: string | null) =>
  useEnterpriseList(enterpriseId, "specific-risks", "/specific-risks", ZSpecificRiskSchema);

/**
 * The minimum levels (permitLevel) the named risks and specific critical risks carry, from the enterprise's lists
 * (the ones the request form offers): for the live criticality of the form and of the re-rating dialog.
 */
export function useNamedMinimums(
  enterpriseId: string | null,
  riskIds: readonly string[],
  specificRiskIds: readonly string[],
): TLevelMinimum[] {
  const risks = useEnterpriseRisks(enterpriseId);
  const specificRisks = useEnterpriseSpecificRisks(enterpriseId);
  const named = (kind: TLevelMinimum["kind"], ids: readonly string[], list: TRisk[] | TSpecificRisk[] | undefined) =>
    (list ?? [])
      .filter((item) => ids.includes(item.id))
      .map((item) => ({ kind, id: item.id, name: item.name, minLevelId: item.minLevelId }));
  return [...named("risk", riskIds, risks.data), ...named("specificRisk", specificRiskIds, specificRisks.data)];
}

/** Only the EPIs the enterprise uses (`selected=true`). */
export const useEnterpriseEpiPicks = (enterpriseId: string | null) =>
  useEnterpriseList(enterpriseId, "epis", "/enterprise-epis", ZEnterpriseEpiSchema, { selected: "true" });

/** GET /api/sectors/:id?enterpriseId: the sector with its map. */
export function useEnterpriseSector(enterpriseId: string | null, sectorId: string | null) {
  return useQuery({
    queryKey: permitKeys.sources(enterpriseId, "sector", sectorId),
    queryFn: async () => {
      const response = await api.get(`/sectors/${encodeURIComponent(sectorId!)}`, { params: { enterpriseId } });
      return parseData(ZSectorSchema, response.data);
    },
    enabled: enterpriseId !== null && sectorId !== null,
  });
}

/** GET /api/risk-matrix?enterpriseId: its cells give the criticality of every probability × severity at once. */
export function useEnterpriseRiskMatrix(enterpriseId: string | null) {
  return useQuery({
    queryKey: permitKeys.sources(enterpriseId, "matrix"),
    queryFn: async () => {
      const response = await api.get("/risk-matrix", { params: { enterpriseId } });
      return parseData(ZRiskMatrixSchema, response.data);
    },
    enabled: enterpriseId !== null,
  });
}

export interface TPermitPlace {
  enterpriseId: string;
  sectorId: string;
  subSectorId: string | null;
  workTypeId: string;
}

/** GET /api/risk-assignments/applicable: what the place and work type require (the form's fixed items). */
export function useApplicableToPlace(place: TPermitPlace | null) {
  return useQuery({
    queryKey: permitKeys.sources(place?.enterpriseId ?? null, "applicable", place),
    queryFn: async () => {
      const { enterpriseId, sectorId, subSectorId, workTypeId } = place!;
      const response = await api.get("/risk-assignments/applicable", {
        params: { enterpriseId, sectorId, subSectorId: subSectorId ?? undefined, workTypeId },
      });
      return parseData(ZApplicableSchema, response.data);
    },
    enabled: place !== null,
  });
}
