import type { TStatistics } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads";
import { fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";
import { formatMinutes } from "../components/review-figures";

/** The first page of a file waits for its lazy chunk (and the charts library) to compile. */
const ID = "00000000-0000-4000-8000-0000000000e1";
const ENTERPRISE = { id: "00000000-0000-4000-8000-0000000000a1", name: "Rhône Refinery" };
const NORTH = "00000000-0000-4000-8000-0000000000d1";
const zeros = {
  sended: 0,
  Recheck: 0,
  Confirmed: 0,
  Approved: 0,
  accepted: 0,
  In_progress: 0,
  Ended: 0,
  Canceled: 0,
  Failed: 0,
};

const figures: TStatistics = {
  period: { from: "2026-01-01", to: "2026-02-28", tz: "UTC" },
  divisionId: null,
  total: 6,
  perMonth: [
    { month: "2026-01", total: 3, counts: { ...zeros, Approved: 1, accepted: 1, Confirmed: 1 } },
    { month: "2026-02", total: 3, counts: { ...zeros, Failed: 1, Approved: 1, sended: 1 } },
  ],
  bySector: [{ kind: "item", id: "s1", name: "Tank farm", count: 6, groups: 1 }],
  byContractor: [
    { kind: "item", id: "c1", name: "Acme Welding", count: 4, groups: 1 },
    { kind: "internal", id: null, name: "", count: 1, groups: 1 },
    { kind: "other", id: null, name: "", count: 1, groups: 3 },
  ],
  byWorkType: [{ kind: "item", id: "w1", name: "Hot work", count: 6, groups: 1 }],
  byCriticality: [
    { level: "Low", colour: "#2f9e44", count: 1 },
    { level: "High", colour: "#e03131", count: 5 },
  ],
  durations: {
    sendToVerification: { median: 90, p90: 2052, count: 4 },
    sendToApproval: { median: 360, p90: 2520, count: 3 },
  },
  rates: { recheck: { count: 1, total: 6, rate: 1 / 6 }, rejection: { count: 1, total: 6, rate: 1 / 6 } },
};

const empty: TStatistics = {
  ...figures,
  total: 0,
  perMonth: figures.perMonth.map((m) => ({ ...m, total: 0, counts: zeros })),
  bySector: [],
  byContractor: [],
  byWorkType: [],
  byCriticality: [],
  durations: {
    sendToVerification: { median: null, p90: null, count: 0 },
    sendToApproval: { median: null, p90: null, count: 0 },
  },
  rates: { recheck: { count: 0, total: 0, rate: null }, rejection: { count: 0, total: 0, rate: null } },
};

const profile = (role: string) => ({
  id: ID,
  name: "Emma Principal",
  email: "emma@x.io",
  role,
  ...(role === "Enterprise"
    ? { company: ENTERPRISE }
    : { division: { id: NORTH, name: "North Plant", enterpriseId: ENTERPRISE.id, enterpriseName: ENTERPRISE.name } }),
  phone: null,
  language: "en",
  status: "active",
  createdAt: "2026-01-05T09:00:00.000Z",
});

function server(role: string, statistics: TStatistics) {
  return fakeApi((request: TFakeRequest) => {
    if (request.url === `/${role}/${ID}` || request.url === "/auth/me") {
      return { status: 200, data: { data: profile(role) } };
    }
    if (request.url === "/statistics") return { status: 200, data: { data: statistics } };
    if (request.url === "/statistics/export") return { status: 200, data: new Blob(["Month,Sent\n"]) };
    if (request.url === "/divisions") {
      const division = {
        id: NORTH,
        name: "North Plant",
        description: "Plant",
        address: "1 rue du Port",
        province: "",
        postalCode: "",
        country: "France",
        createdAt: "2026-01-05T09:00:00.000Z",
        sectorCount: 3,
        peopleCount: 2,
      };
      return { status: 200, data: { data: [division], page: 1, pageSize: 100, total: 1 } };
    }
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
}

const open = (role: string) =>
  renderPage(`/${role.toLowerCase()}/statistics`, { token: fakeToken({ role, id: ID, email: "emma@x.io" }) });
const chart = (name: string) => screen.findByRole("region", { name }, { timeout: patient(20_000) });

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
  vi.restoreAllMocks();
});

describe("formatMinutes", () => {
  it("says a wait in minutes, hours or days", async () => {
    const { createTestI18n } = await import("../../../test/test-i18n");
    const t = createTestI18n().getFixedT("en", "statistics");
    expect(formatMinutes(45, t)).toBe("45 min");
    expect(formatMinutes(125, t)).toBe("2 h 05 min");
    expect(formatMinutes(2052, t)).toBe("1 d 10 h");
  });
});

describe("the statistics page", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("draws every chart with its title, its table for screen readers and a CSV button", async () => {
    const calls = server("Enterprise", figures);
    open("Enterprise");
    const perMonth = await chart("Permits per month, by status");
    expect(within(perMonth).getByRole("table", { name: "Permits per month, by status" })).toBeTruthy();
    const rows = within(perMonth)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual(["MonthSentVerifiedApprovedAcceptedRejectedTotal", "Jan 2026011103", "Feb 2026101013"]);
    for (const title of ["Permits by sector", "Permits by work type", "Permits by criticality", "Review times"]) {
      expect(screen.getByRole("region", { name: title })).toBeTruthy();
    }
    const contractors = screen.getByRole("region", { name: "Permits by contractor" });
    expect(
      within(contractors)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Acme Welding", "Internal", "Other (3)"]);
    expect(screen.getByRole("group", { name: "To verification, median: 1 h 30 min" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "To approval, 90th percentile: 1 d 18 h" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Recheck rate: 16.7%" })).toBeTruthy();
    expect(screen.getByText("6 permits first sent in this period")).toBeTruthy();
    expect(calls.find((call) => call.url === "/statistics")?.params).toMatchObject({ tz: expect.any(String) });

    const downloads = captureDownloads();
    fireEvent.click(within(contractors).getByRole("button", { name: "Download CSV: Permits by contractor" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls.find((call) => call.url === "/statistics/export")?.params).toMatchObject({ chart: "byContractor" });
  });

  it("says No data to display when nothing was sent in the period, and keeps the CSV button", async () => {
    server("Enterprise", empty);
    open("Enterprise");
    const perMonth = await chart("Permits per month, by status");
    expect(within(perMonth).getByText("No data to display")).toBeTruthy();
    expect(within(perMonth).queryByRole("table")).toBeNull();
    expect(within(perMonth).getByRole("button", { name: "Download CSV: Permits per month, by status" })).toBeTruthy();
    expect(screen.getAllByText("No data to display")).toHaveLength(7);
  });

  it("puts the Enterprise's division in the URL and asks for it", async () => {
    const calls = server("Enterprise", figures);
    const { router } = open("Enterprise");
    await chart("Permits per month, by status");
    fireEvent.click(screen.getByTestId("statistics-division"));
    fireEvent.click(await screen.findByRole("option", { name: "North Plant" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?divisionId=${NORTH}`));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === "/statistics").at(-1)?.params).toMatchObject({ divisionId: NORTH }),
    );
  });

  it("says a period longer than 5 years at the picker, without asking the server", async () => {
    const calls = server("Enterprise", figures);
    renderPage("/enterprise/statistics?from=2020-01-01&to=2025-06-01", {
      token: fakeToken({ role: "Enterprise", id: ID, email: "emma@x.io" }),
    });
    expect(
      await screen.findByText("The period cannot be longer than 5 years", undefined, { timeout: patient(20_000) }),
    ).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Permits per month, by status" })).toBeNull();
    expect(calls.some((call) => call.url === "/statistics")).toBe(false);
  });

  it("shows a manager its own division, fixed", async () => {
    const calls = server("Responsible", figures);
    open("Responsible");
    await chart("Permits per month, by status");
    expect(screen.getByText("Division: North Plant")).toBeTruthy();
    expect(screen.queryByTestId("statistics-division")).toBeNull();
    expect(calls.some((call) => call.url === "/divisions")).toBe(false);
  });
});
