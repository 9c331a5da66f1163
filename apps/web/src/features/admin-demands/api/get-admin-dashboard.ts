import { type TAdminDashboard, ZAdminDashboardSchema } from "@openpermit/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";

/** GET /api/admin/dashboard → the platform's figures. */
export async function getAdminDashboard(): Promise<TAdminDashboard> {
  const response = await api.get("/admin/dashboard");
  return parseData(ZAdminDashboardSchema, response.data);
}

export function useAdminDashboard() {
  return useQuery({ queryKey: ["admin", "dashboard"], queryFn: getAdminDashboard });
}
