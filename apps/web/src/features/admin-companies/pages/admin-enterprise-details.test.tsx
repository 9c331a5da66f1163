import type { TAdminEnterpriseDivision, TAdminEnterpriseUser } from "@openpermit/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  adminCompaniesServer,
  adminEnterprise,
  adminToken,
  enterpriseProfile,
} from "../testing/admin-companies-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const rhone = adminEnterprise(1, "Rhône Refinery");
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const division: TAdminEnterpriseDivision = {
  id: id(901),
  name: "North Plant",
  address: "1 quai du Rhône",
  province: "Rhône",
  postalCode: "69000",
  country: "France",
  sectorCount: 4,
  managerCount: 2,
};
const people: TAdminEnterpriseUser[] = [
  {
    id: id(911),
    name: "Olga Owner",
    email: "olga@rhone.example",
    role: "Enterprise",
    status: "active",
    division: null,
    lastSignInAt: "2026-11-20T08:30:00.000Z",
  },
  {
    id: id(912),
    name: "Paul Manager",
    email: "paul@rhone.example",
    role: "Responsible",
    status: "invited",
    division: { id: division.id, name: division.name },
    lastSignInAt: null,
  },
];

function server() {
  return adminCompaniesServer({ profiles: [enterpriseProfile(rhone)] }, ({ method, url, params }) => {
    const page = <T,>(data: T[]) => ({
      status: 200,
      data: { data, page: Number(params.page ?? 1), pageSize: Number(params.pageSize ?? 20), total: data.length },
    });
    if (method !== "GET") return undefined;
    if (url === `/admin/enterprises/${rhone.id}/divisions`) return page([division]);
    if (url === `/admin/enterprises/${rhone.id}/users`) return page(people);
    if (url === `/admin/enterprises/${rhone.id}/activity`) {
      const counts = [0, 3, 0, 1, 0, 7];
      return {
        status: 200,
        data: {
          data: {
            months: counts.map((permitsSent, i) => ({ month: `2026-${String(6 + i).padStart(2, "0")}`, permitsSent })),
            lastSignInAt: "2026-11-20T08:30:00.000Z",
            activeUsers30Days: 1,
          },
        },
      };
    }
    return undefined;
  });
}

const section = async (name: string) =>
  (await screen.findByRole("heading", { name }, { timeout: patient(10_000) })).closest("section") as HTMLElement;

describe("the admin's enterprise profile: divisions, people, activity", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists the divisions with where they are and their sector and manager counts", async () => {
    const calls = server().calls;
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    const divisions = await section("Divisions");
    const row = await within(divisions).findByTestId("enterprise-division-row");
    expect(within(row).getByText("North Plant")).toBeTruthy();
    expect(within(row).getByText("1 quai du Rhône, 69000 Rhône, France")).toBeTruthy();
    expect(within(row).getByText("4")).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith("/divisions"))?.params).toEqual({ page: 1, pageSize: 10 });
  });

  it("lists the people with their role, status, division and last sign-in (or never)", async () => {
    server();
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    const peopleSection = await section("People");
    const rows = await within(peopleSection).findAllByTestId("enterprise-person-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Olga Owner")).toBeTruthy();
    expect(within(rows[0]!).getByText("Enterprise")).toBeTruthy();
    expect(within(rows[0]!).getByText(/2026/)).toBeTruthy();
    expect(within(rows[1]!).getByText("Permit manager")).toBeTruthy();
    expect(within(rows[1]!).getByText("Invited")).toBeTruthy();
    expect(within(rows[1]!).getByText("North Plant")).toBeTruthy();
    expect(within(rows[1]!).getByText("Never")).toBeTruthy();
  });

  it("shows the permits sent per month over six months and the sign-in figures", async () => {
    server();
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    const activity = await section("Activity");
    expect(await within(activity).findByRole("group", { name: "Permits sent in 6 months: 11" })).toBeTruthy();
    expect(within(activity).getByRole("group", { name: "People signed in within 30 days: 1" })).toBeTruthy();
    const table = within(activity).getByRole("table", { name: "Permits sent per month (first sends)" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "June 20260",
      "July 20263",
      "August 20260",
      "September 20261",
      "October 20260",
      "November 20267",
    ]);
  });
});
