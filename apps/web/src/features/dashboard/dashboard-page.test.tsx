import { addDays, dayIn, type TDashboard } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deviceTimeZone } from "../../lib/time-zone";
import { renderApp, renderPage } from "../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../test/timeouts";
import { adminCompaniesServer, adminToken } from "../admin-companies/testing/admin-companies-server";
import {
  employeeToken,
  enterpriseToken,
  permit,
  permitServer,
  responsibleToken,
} from "../permits/testing/permit-server";

const today = dayIn(new Date(), deviceTimeZone());
/** `hour` o'clock on the day `offset` days from today, on the device's clock. */
const at = (offset: number, hour: number) =>
  new Date(`${addDays(today, offset)}T${String(hour).padStart(2, "0")}:00:00`);

const principal: TDashboard = {
  side: "principal",
  today,
  recentSince: addDays(today, -6),
  figures: {
    waitingForMe: 3,
    awaitingReview: 5,
    inProgress: 2,
    startingToday: 1,
    overdue: 1,
    recentRechecks: 4,
    contractors: 7,
    creditsRemaining: 12,
  },
};
const contractor: TDashboard = {
  side: "contractor",
  today,
  figures: { drafts: 2, sent: 1, toAccept: 1, inProgress: 0, overdue: 0, rechecks: 1 },
};

const welding = permit(1, {
  status: "Approved",
  documentNumber: "PTW-2026-000011",
  taskTitle: "Weld the flange",
  startAt: at(0, 9).toISOString(),
  endAt: at(0, 17).toISOString(),
  criticality: { name: "High", colour: "#e03131", flow: "verify_and_approve" },
});
/** Three days of scaffolding from tomorrow. */
const scaffold = permit(2, {
  status: "In_progress",
  documentNumber: "PTW-2026-000012",
  taskTitle: "Scaffold tower",
  startAt: at(1, 8).toISOString(),
  endAt: at(3, 12).toISOString(),
});

function server(dashboard: TDashboard, permits = [welding, scaffold], total?: number) {
  return permitServer({ permits }, ({ url }) => {
    if (url === "/dashboard") return { status: 200, data: { data: dashboard } };
    if (url === "/permits" && total !== undefined) {
      return { status: 200, data: { data: [], page: 1, pageSize: 50, total } };
    }
    return undefined;
  });
}

const card = (name: string) => screen.findByRole("link", { name }, { timeout: patient(10_000) });
const hrefOf = async (name: string) => (await card(name)).getAttribute("href");

describe("the dashboard of principal staff", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows each figure as a link to its filtered list, in the device's time zone", async () => {
    const api = server(principal);
    renderPage("/responsible/default", { token: responsibleToken() });
    expect(await hrefOf("Waiting for me: 3")).toBe("/responsible/filtred?view=todo");
    expect(await hrefOf("Awaiting review: 5")).toBe("/responsible/filtred?status=sended,Confirmed");
    expect(await hrefOf("In progress now: 2")).toBe("/responsible/filtred?status=In_progress");
    expect(await hrefOf("Starting today: 1")).toBe(`/responsible/filtred?status=Approved,accepted&startDay=${today}`);
    expect(await hrefOf("Overdue close-outs: 1")).toBe("/responsible/filtred?overdue=true");
    expect(await hrefOf("Rechecks and rejections (7 days): 4")).toBe(
      `/responsible/filtred?status=Recheck,Failed&changedSince=${addDays(today, -6)}`,
    );
    expect(await hrefOf("Contractors: 7")).toBe("/responsible/suppliers?status=affiliated");
    expect(await hrefOf("Permit credits left: 12")).toBe("/responsible/profile");
    expect(api.gets("/dashboard")[0]?.params).toEqual({ tz: deviceTimeZone() });
  });

  it("previews the coming week: each permit on the days its work meets, opening its page", async () => {
    const api = server(principal);
    renderPage("/responsible/default", { token: responsibleToken() });
    const days = await screen.findAllByTestId("agenda-day", {}, { timeout: patient(10_000) });
    expect(days).toHaveLength(7);
    expect(days.map((day) => day.getAttribute("data-day"))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)),
    );
    expect(within(days[0]!).getByRole("heading", { level: 3 }).textContent).toMatch(/^Today, /);
    const first = within(days[0]!).getByRole("link", { name: "PTW-2026-000011 · Weld the flange" });
    expect(first.getAttribute("href")).toBe(`/responsible/permit/${welding.id}`);
    expect(within(days[0]!).getByText("Approved")).toBeTruthy();
    expect(within(days[0]!).getByText("High")).toBeTruthy();
    // The scaffold runs from tomorrow 08:00 to the day after next at noon: on three days, open-ended between.
    for (const index of [1, 2, 3]) expect(within(days[index]!).getByText(/Scaffold tower/)).toBeTruthy();
    expect(within(days[1]!).getByText(/ – …$/)).toBeTruthy();
    expect(within(days[2]!).getByText("… – …")).toBeTruthy();
    expect(within(days[4]!).getByText("No permit")).toBeTruthy();
    const params = api.gets("/permits")[0]?.params;
    expect(params).toMatchObject({ view: "all", sort: "startAt", pageSize: 50 });
    expect(params?.from).toBe(at(0, 0).toISOString());
    expect(params?.to).toBe(new Date(at(7, 0).getTime() - 1).toISOString());
    expect(String(params?.status).split(",")).not.toContain("pending");
  });

  it("says there is no data when the week is empty, and links to the rest past the preview's cap", async () => {
    server(principal, []);
    const { unmount } = renderPage("/responsible/default", { token: responsibleToken() });
    expect(await screen.findByText("No data to display", {}, { timeout: patient(10_000) })).toBeTruthy();
    unmount();
    server(principal, [], 80);
    renderPage("/responsible/default", { token: responsibleToken() });
    const more = await screen.findByTestId("agenda-more", {}, { timeout: patient(10_000) });
    expect(more.textContent).toBe("And 80 more permits: see the list");
    expect(more.getAttribute("href")).toContain(`/responsible/filtred?status=`);
    expect(more.getAttribute("href")).toContain(`&from=${today}&to=${addDays(today, 6)}`);
  });

  it("a figure opens the filtered list, which asks the server for the same filters", async () => {
    const api = server(principal);
    renderApp("/responsible/default", { token: responsibleToken() });
    fireEvent.click(await card("Starting today: 1"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Filtered permits" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(api.gets("/permits").at(-1)?.params).toMatchObject({
        status: "Approved,accepted",
        startDay: today,
        tz: deviceTimeZone(),
      }),
    );
    expect(screen.getByTestId("permit-active-filter-startDay")).toBeTruthy();
  });

  it("shows the figures with the flow check's warning above them, not before it: nothing moves once shown", async () => {
    let answerFlowCheck: (answer: { status: number; data: unknown }) => void = () => undefined;
    const flowCheck = new Promise<{ status: number; data: unknown }>((resolve) => {
      answerFlowCheck = resolve;
    });
    permitServer({ permits: [] }, ({ url }) => {
      if (url === "/dashboard") return { status: 200, data: { data: principal } };
      if (url === "/permissions/dead-ends") return flowCheck as Promise<never>;
      if (url === "/emergencies") return { status: 200, data: { data: [] } };
      return undefined;
    });
    renderPage("/enterprise/default", { token: enterpriseToken() });
    // The figures have answered; the flow check has not: nothing of the page's body yet.
    await waitFor(() => expect(screen.queryByText("Contractors")).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("link", { name: "Contractors: 7" })).toBeNull();
    answerFlowCheck({
      status: 200,
      data: {
        data: [
          {
            sector: { id: "00000000-0000-4000-8000-000000000001", name: "Marine jetty", divisionId: "d-1" },
            flow: "verify_and_approve",
            levels: ["High"],
            problem: "noApprover",
            person: null,
          },
        ],
      },
    });
    expect(await card("Contractors: 7")).toBeTruthy();
    expect(screen.getByTestId("dead-end-warnings")).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    permitServer({}, ({ url }) =>
      url === "/dashboard" ? { status: 500, data: { error: { code: "SERVER_ERROR", message: "x" } } } : undefined,
    );
    renderPage("/responsible/default", { token: responsibleToken() });
    expect(await screen.findByRole("alert", {}, { timeout: patient(10_000) })).toBeTruthy();
  });
});

describe("the dashboard of contractors", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("links each figure to the saved or sent list with its status, and permits to their pages", async () => {
    server(contractor, [welding]);
    renderPage("/employee/default", { token: employeeToken() });
    expect(await hrefOf("Drafts: 2")).toBe("/employee/list-permis-saved?status=pending");
    expect(await hrefOf("Rechecks to fix: 1")).toBe("/employee/list-permis-saved?status=Recheck");
    expect(await hrefOf("Sent, awaiting verification: 1")).toBe("/employee/list-permis-sent?status=sended");
    expect(await hrefOf("Approved, to accept: 1")).toBe("/employee/list-permis-sent?status=Approved");
    expect(await hrefOf("In progress: 0")).toBe("/employee/list-permis-sent?status=In_progress");
    const entry = await screen.findByRole("link", { name: "PTW-2026-000011 · Weld the flange" });
    expect(entry.getAttribute("href")).toBe(`/employee/list-permis-sent/${welding.id}`);
    expect(screen.getByTestId("dashboard-create-request").getAttribute("href")).toBe("/employee/list-permis-saved/new");
  });
});

describe("the admin's dashboard", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the platform's figures, each opening its list", async () => {
    adminCompaniesServer({}, ({ url }) => {
      if (url === "/admin/dashboard") {
        return {
          status: 200,
          data: {
            data: {
              enterprises: { pending_confirmation: 0, pending_verification: 2, active: 9, disabled: 1 },
              suppliers: { pending_confirmation: 1, pending_verification: 0, active: 14, disabled: 0 },
              pendingDemands: { enterpriseAccounts: 2, credits: 1 },
              credits: { sold: 500, used: 123 },
            },
          },
        };
      }
      if (url === "/admin/demands") return { status: 200, data: { data: [], page: 1, pageSize: 5, total: 0 } };
      return undefined;
    });
    renderPage("/admin/default", { token: adminToken() });
    expect(await hrefOf("Enterprise accounts: 2")).toBe("/admin/demands?status=pending");
    expect(await hrefOf("Permit credits: 1")).toBe("/admin/demands?status=pending&kind=credits");
    const enterprises = screen.getByRole("region", { name: "Enterprises" });
    expect(within(enterprises).getByRole("link", { name: "Under verification: 2" }).getAttribute("href")).toBe(
      "/admin/enterprises?status=pending_verification",
    );
    expect(within(enterprises).getByRole("link", { name: "Active: 9" })).toBeTruthy();
    const suppliers = screen.getByRole("region", { name: "Contractors" });
    expect(within(suppliers).getByRole("link", { name: "Active: 14" }).getAttribute("href")).toBe(
      "/admin/suppliers?status=active",
    );
    expect(screen.getByRole("link", { name: "Sold: 500" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Used: 123" })).toBeTruthy();
  });
});
