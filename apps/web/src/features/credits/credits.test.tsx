import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi, type TFakeRequest } from "../../test/fake-api";
import { renderPage } from "../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../test/timeouts";
import { fakeToken } from "../../test/tokens";
import {
  adminCompaniesServer,
  adminEnterprise,
  adminToken,
  enterpriseProfile,
} from "../admin-companies/testing/admin-companies-server";
import { companyPage, companyRoutes } from "../enterprise-company/testing/company-server";
import { creditLevel } from "./components/credit-summary-card";
import { consumption, creditsRoutes, creditTransaction, type TCreditState } from "./testing/credits-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */
const WIDE = "(min-width: 768px)";
const narrowMatchMedia = window.matchMedia;

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
  window.matchMedia = narrowMatchMedia;
});

/** Desktop width: ResponsiveTable shows a real table instead of cards. */
function desktop() {
  window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches: query === WIDE });
}

const rhone = adminEnterprise(1, "Rhône Refinery");
const figure = (name: string) => screen.findByRole("group", { name }, { timeout: patient(10_000) });

/** 12 bought, 2 used: remaining 10, newest first. */
const ledger = (): TCreditState => ({
  transactions: [
    consumption(3, "PTW-2026-000002"),
    consumption(2, "PTW-2026-000001"),
    creditTransaction(1, { quantity: 12, note: "Order 2026-17", at: "2026-11-19T08:30:00.000Z" }),
  ],
});

function adminServer(state: TCreditState) {
  const credits = creditsRoutes(state, rhone.id);
  return adminCompaniesServer({ profiles: [enterpriseProfile(rhone)] }, (request) => credits(request));
}

describe("credit levels", () => {
  it("is empty at 0, low up to 5, enough above", () => {
    expect(creditLevel(0)).toBe("empty");
    expect(creditLevel(-1)).toBe("empty");
    expect(creditLevel(1)).toBe("low");
    expect(creditLevel(5)).toBe("low");
    expect(creditLevel(6)).toBe("enough");
  });
});

describe("the admin's enterprise profile: permit credits", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the summary and the ledger with signs, notes, permit numbers and who (desktop table)", async () => {
    desktop();
    adminServer(ledger());
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    expect(await figure("Remaining: 10")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Bought: 12" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Used: 2" })).toBeTruthy();
    expect(screen.getByText(/^Last transaction: /)).toBeTruthy();
    expect(screen.queryByText(/credits? left/)).toBeNull();
    const table = await screen.findByRole("table", { name: "Transactions" });
    const rows = within(table).getAllByTestId("credit-transaction-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Consumption-1—PTW-2026-000002Eve Employee/),
      expect.stringMatching(/^Consumption-1—PTW-2026-000001Eve Employee/),
      expect.stringMatching(/^Purchase\+12Order 2026-17—Ada Admin/),
    ]);
  });

  it("records a purchase: the shared schema's limits first, then the toast, and the summary and ledger refresh", async () => {
    const server = adminServer(ledger());
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    expect(await figure("Remaining: 10")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Record a purchase" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a purchase" });
    const quantity = within(dialog).getByLabelText(/^Number of credits/);
    const note = within(dialog).getByLabelText("Note (optional)");
    const submit = within(dialog).getByRole("button", { name: "Record the purchase" });

    fireEvent.click(submit);
    expect(await within(dialog).findByText("Enter a whole number from 1 to 100,000")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    fireEvent.change(quantity, { target: { value: "100001" } });
    fireEvent.change(note, { target: { value: "x".repeat(251) } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText("Maximum 250 characters")).toBeTruthy();
    expect(within(dialog).getByText("Enter a whole number from 1 to 100,000")).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(quantity, { target: { value: "25" } });
    fireEvent.change(note, { target: { value: "  Order 2026-18 " } });
    fireEvent.click(submit);
    expect(await screen.findByText("Purchase recorded: 25 credits")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "POST", url: `/admin/enterprises/${rhone.id}/credits`, body: { quantity: 25, note: "Order 2026-18" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await figure("Remaining: 35")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Bought: 37" })).toBeTruthy();
    const newest = (await screen.findAllByTestId("credit-transaction-row"))[0]!;
    await waitFor(() => expect(within(newest).getByText("Order 2026-18")).toBeTruthy());
    expect(within(newest).getByText("+25")).toBeTruthy();
  });

  it("says when there is no credit left, and when none was ever bought", async () => {
    adminServer({ transactions: [] });
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    expect(await figure("Remaining: 0")).toBeTruthy();
    expect(within(screen.getByTestId("credit-summary")).getByRole("alert").textContent).toContain(
      "No credit left: new permits cannot be sent",
    );
    expect(screen.getByText("No purchase yet")).toBeTruthy();
    expect(await screen.findByText("No transaction yet")).toBeTruthy();
  });

  it("warns when few credits are left, and pages through a long ledger on the server", async () => {
    const state: TCreditState = {
      transactions: [
        ...Array.from({ length: 11 }, (_, i) => consumption(20 + i, `PTW-2026-${String(11 - i).padStart(6, "0")}`)),
        creditTransaction(1, { quantity: 14 }),
      ],
    };
    const server = adminServer(state);
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    expect(await figure("Remaining: 3")).toBeTruthy();
    expect(within(screen.getByTestId("credit-summary")).getByRole("status").textContent).toBe("Only 3 credits left.");
    expect(await screen.findAllByTestId("credit-transaction-row")).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(screen.getAllByTestId("credit-transaction-row")).toHaveLength(2));
    expect(
      server.calls.filter((call) => call.url.endsWith("/credits/transactions")).map((call) => call.params),
    ).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);
  });
});

const ID = "00000000-0000-4000-8000-0000000000e1";
const meOf = (role: string) => ({
  id: ID,
  name: "Rita Principal",
  email: "rita@x.io",
  role,
  ...(role === "Enterprise"
    ? { company: { id: rhone.id, name: rhone.name } }
    : role === "Employee"
      ? { fournisseur: { id: "s1", name: "Acme", enterpriseId: null, enterpriseName: null } }
      : { division: { id: "d1", name: "North Plant", enterpriseId: rhone.id, enterpriseName: rhone.name } }),
  phone: null,
  language: "en",
  status: "active",
  createdAt: "2026-01-05T09:00:00.000Z",
});

function profileServer(role: string, state: TCreditState) {
  const credits = creditsRoutes(state, rhone.id);
  // The Enterprise account's credits sit in its company page section, which needs the page itself.
  const company = companyRoutes({ page: companyPage(), links: [] });
  return fakeApi((request: TFakeRequest) => {
    const answered = credits(request) ?? company(request);
    if (answered) return answered;
    if (request.url === `/${role}/${ID}` || request.url === "/auth/me") {
      return { status: 200, data: { data: meOf(role) } };
    }
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
}

const renderProfile = (role: string) =>
  renderPage(`/${role.toLowerCase()}/profile`, { token: fakeToken({ role, id: ID, email: "rita@x.io" }) });

describe("the enterprise's own credits on its profile", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the Enterprise account its balance, where credits come from, and its ledger (read only)", async () => {
    const calls = profileServer("Enterprise", ledger());
    renderProfile("Enterprise");
    const section = (
      await screen.findByRole("heading", { name: "Permit credits" }, { timeout: patient(10_000) })
    ).closest("section")!;
    expect(await within(section).findByRole("group", { name: "Remaining: 10" })).toBeTruthy();
    expect(within(section).getByText(/Credits are bought from the platform administrator\./)).toBeTruthy();
    expect(await within(section).findAllByTestId("credit-transaction-row")).toHaveLength(3);
    expect(within(section).getAllByText("PTW-2026-000002")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Record a purchase" })).toBeNull();
    expect(calls.some((call) => call.url.startsWith("/admin"))).toBe(false);
  });

  it.each(["SuperResponsible", "Responsible"])("shows a %s the summary without the ledger", async (role) => {
    const calls = profileServer(role, ledger());
    renderProfile(role);
    expect(await figure("Remaining: 10")).toBeTruthy();
    expect(screen.getByText(/Credits are bought from the platform administrator\./)).toBeTruthy();
    expect(screen.queryByText("Transactions")).toBeNull();
    expect(screen.queryByRole("button", { name: "Record a purchase" })).toBeNull();
    expect(calls.some((call) => call.url === "/credits/transactions")).toBe(false);
  });

  it("shows a contractor's employee no credits at all", async () => {
    const calls = profileServer("Employee", ledger());
    renderProfile("Employee");
    expect(await screen.findByRole("heading", { name: "Change password" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Permit credits" })).toBeNull();
    expect(calls.some((call) => call.url.startsWith("/credits"))).toBe(false);
  });
});
