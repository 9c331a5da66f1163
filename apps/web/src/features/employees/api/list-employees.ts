import { type TAccountStatus, type TEmployee, ZEmployeeSchema, ZPageSchema } from "@openpermit/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { parseBody } from "../../../lib/api/parse-data";
import { employeeKeys } from "./query-keys";

export interface TEmployeeListQuery {
  q?: string;
  status?: TAccountStatus;
  page: number;
  pageSize: number;
}

const ZEmployeePageSchema = ZPageSchema(ZEmployeeSchema);

/** GET /api/employees?q&status&page&pageSize: the supplier's own employees (q: name or e-mail). */
export async function listEmployees({ q, status, page, pageSize }: TEmployeeListQuery): Promise<TPage<TEmployee>> {
  const response = await api.get("/employees", {
    params: { q: q || undefined, status: status || undefined, page, pageSize },
  });
  return parseBody(ZEmployeePageSchema, response.data);
}

export function useEmployees(query: TEmployeeListQuery) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: () => listEmployees(query),
    placeholderData: keepPreviousData,
  });
}
