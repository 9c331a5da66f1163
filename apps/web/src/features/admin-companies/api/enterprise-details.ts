import {
  type TAdminEnterpriseActivity,
  type TAdminEnterpriseDivision,
  type TAdminEnterpriseUser,
  ZAdminEnterpriseActivitySchema,
  ZAdminEnterpriseDivisionSchema,
  ZAdminEnterpriseUserSchema,
  ZPageSchema,
} from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody, parseData } from "../../../lib/api/parse-data";
import { ADMIN_COMPANIES_KEY } from "./query-keys";

const detailKey = (id: string, part: string, page?: number) =>
  [...ADMIN_COMPANIES_KEY, "enterprise", id, part, ...(page === undefined ? [] : [page])] as const;
const base = (id: string) => `/admin/enterprises/${encodeURIComponent(id)}`;

const ZDivisionPageSchema = ZPageSchema(ZAdminEnterpriseDivisionSchema);
const ZUserPageSchema = ZPageSchema(ZAdminEnterpriseUserSchema);

/** GET /api/admin/enterprises/:id/divisions: its divisions with their sector and manager counts. */
export async function listEnterpriseDivisions(id: string, page: number, pageSize: number) {
  const response = await api.get(`${base(id)}/divisions`, { params: { page, pageSize } });
  return parseBody(ZDivisionPageSchema, response.data) as TPage<TAdminEnterpriseDivision>;
}

/** GET /api/admin/enterprises/:id/users: its company accounts and managers, with their last sign-in. */
export async function listEnterpriseUsers(id: string, page: number, pageSize: number) {
  const response = await api.get(`${base(id)}/users`, { params: { page, pageSize } });
  return parseBody(ZUserPageSchema, response.data) as TPage<TAdminEnterpriseUser>;
}

/** GET /api/admin/enterprises/:id/activity: permits sent per month (six months) and sign-ins. */
export async function getEnterpriseActivity(id: string): Promise<TAdminEnterpriseActivity> {
  const response = await api.get(`${base(id)}/activity`);
  return parseData(ZAdminEnterpriseActivitySchema, response.data);
}

export function useEnterpriseDivisions(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: detailKey(id, "divisions", page),
    queryFn: () => listEnterpriseDivisions(id, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useEnterpriseUsers(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: detailKey(id, "users", page),
    queryFn: () => listEnterpriseUsers(id, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useEnterpriseActivity(id: string) {
  return useQuery({ queryKey: detailKey(id, "activity"), queryFn: () => getEnterpriseActivity(id) });
}
