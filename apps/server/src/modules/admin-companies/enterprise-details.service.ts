import type { TAdminEnterpriseActivity, TAdminEnterpriseDivision, TAdminEnterpriseUser } from "@openpermit/shared";
import type { TContext } from "../../context";
import { notFound } from "../../lib/not-found";
import { pageOf } from "../../lib/pagination";
import { activityOf, enterpriseExists, listDivisionsOf, listUsersOf } from "./enterprise-details.repository";

type TPage = { page: number; pageSize: number };

async function requireEnterprise(ctx: TContext, id: string) {
  if (!(await enterpriseExists(ctx.db, id))) throw notFound("enterprise");
}

/** The admin's view of an enterprise's divisions (routes are Admin only). */
export async function enterpriseDivisions(ctx: TContext, id: string, page: TPage) {
  await requireEnterprise(ctx, id);
  const { rows, total } = await listDivisionsOf(ctx.db, id, page);
  return pageOf<TAdminEnterpriseDivision>(rows, page, total);
}

export async function enterpriseUsers(ctx: TContext, id: string, page: TPage) {
  await requireEnterprise(ctx, id);
  const { rows, total } = await listUsersOf(ctx.db, id, page);
  const data: TAdminEnterpriseUser[] = rows.map((row) => ({
    ...row,
    division: row.division?.id ? row.division : null,
  }));
  return pageOf(data, page, total);
}

export async function enterpriseActivity(ctx: TContext, id: string): Promise<TAdminEnterpriseActivity> {
  await requireEnterprise(ctx, id);
  const rows = await activityOf(ctx.db, id);
  return {
    months: rows.map((row) => ({ month: row.month, permitsSent: Number(row.permits_sent) })),
    lastSignInAt: rows[0]?.last_sign_in_at ?? null,
    activeUsers30Days: Number(rows[0]?.active_users ?? 0),
  };
}
