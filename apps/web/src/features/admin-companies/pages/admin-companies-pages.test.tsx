import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { accessChangeFor } from "../components/company-access-button";
import {
  adminCompaniesServer,
  adminEnterprise,
  adminSupplier,
  adminToken,
  enterpriseProfile,
  uuid,
} from "../testing/admin-companies-server";
import { enterpriseIdParam } from "./enterprise-profile-page";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const acme = adminSupplier(1, "Acme Scaffolding", { employeeCount: 4, affiliationCount: 2 });
const idle = adminSupplier(2, "Idle Cranes", { status: "disabled" });
const rhone = adminEnterprise(1, "Rhône Refinery", { divisionCount: 3, managerCount: 7, contractorCount: 5 });
const fresh = adminEnterprise(2, "Fresh Plant", { status: "pending_verification" });
const DEMAND_ID = uuid(990);

const row = async (name: string) =>
  (await screen.findByRole("heading", { name }, { timeout: patient(10_000) })).closest("[data-testid]") as HTMLElement;

describe("pure rules", () => {
  it("offers enable only to a disabled company, and reads only an id from ?id=", () => {
    expect(accessChangeFor("disabled")).toBe("enable");
    expect(accessChangeFor("active")).toBe("disable");
    expect(accessChangeFor("pending_verification")).toBe("disable");
    expect(enterpriseIdParam(rhone.id)).toBe(rhone.id);
    expect(enterpriseIdParam("42")).toBeNull();
    expect(enterpriseIdParam(null)).toBeNull();
  });
});

describe("the admin's suppliers", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists them with their counts and filters by status on the server", async () => {
    const server = adminCompaniesServer({ suppliers: [acme, idle] });
    renderPage("/admin/suppliers?status=active", { token: adminToken() });
    const card = await row("Acme Scaffolding");
    expect(within(card).getByText("4")).toBeTruthy();
    expect(within(card).getByText("2")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Idle Cranes" })).toBeNull();
    expect(server.calls.find((call) => call.url === "/admin/suppliers")?.params).toMatchObject({
      status: "active",
      page: 1,
      pageSize: 20,
    });
  });

  it("disables one only after a confirmation", async () => {
    const server = adminCompaniesServer({ suppliers: [acme, idle] }, ({ method, url }, state) => {
      if (method === "POST" && url === `/admin/suppliers/${acme.id}/disable`) {
        state.suppliers = state.suppliers.map((s) => (s.id === acme.id ? { ...s, status: "disabled" as const } : s));
        return { status: 200, data: { data: state.suppliers[0] } };
      }
      return undefined;
    });
    renderPage("/admin/suppliers", { token: adminToken() });
    const card = await row("Acme Scaffolding");
    expect(within(await row("Idle Cranes")).getByRole("button", { name: "Enable Idle Cranes" })).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Disable Acme Scaffolding" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable Acme Scaffolding?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Acme Scaffolding disabled")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "POST", url: `/admin/suppliers/${acme.id}/disable` }]);
    expect(
      await within(await row("Acme Scaffolding")).findByRole("button", { name: "Enable Acme Scaffolding" }),
    ).toBeTruthy();
  });

  it("explains why a supplier that never confirmed cannot be enabled", async () => {
    adminCompaniesServer({ suppliers: [idle] }, ({ method }) =>
      method === "POST" ? apiError(409, "CONFLICT") : undefined,
    );
    renderPage("/admin/suppliers", { token: adminToken() });
    fireEvent.click(within(await row("Idle Cranes")).getByRole("button", { name: "Enable Idle Cranes" }));
    const dialog = await screen.findByRole("dialog", { name: "Enable Idle Cranes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enable" }));
    expect(await within(dialog).findByText(/never confirmed its email address/)).toBeTruthy();
  });

  it("says what to expect when there is none", async () => {
    adminCompaniesServer();
    renderPage("/admin/suppliers", { token: adminToken() });
    expect(await screen.findByText("No contractor company yet", {}, { timeout: patient(10_000) })).toBeTruthy();
  });
});

describe("the admin's enterprises", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("links each one to its profile", async () => {
    adminCompaniesServer({ enterprises: [rhone, fresh] });
    renderPage("/admin/enterprises", { token: adminToken() });
    const link = await screen.findByRole("link", { name: "Rhône Refinery" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/admin/enterprises/profile?id=${rhone.id}`);
  });

  it("shows a profile's details and counts", async () => {
    adminCompaniesServer({ profiles: [enterpriseProfile(rhone, { website: "https://rhone.example" })] });
    renderPage(`/admin/enterprises/profile?id=${rhone.id}`, { token: adminToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Rhône Refinery" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(screen.getByRole("group", { name: "Divisions: 3" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Managers: 7" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Contractors: 5" })).toBeTruthy();
    // Its people, divisions and activity have their own sections (admin-enterprise-details.test.tsx).
    expect(screen.getByRole("heading", { name: "People" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve account" })).toBeNull();
    expect(screen.getByRole("button", { name: "Disable Rhône Refinery" })).toBeTruthy();
  });

  it("approves a pending enterprise from its profile with the admin demand API", async () => {
    const server = adminCompaniesServer(
      { profiles: [enterpriseProfile(fresh, { pendingDemandId: DEMAND_ID })] },
      ({ method, url }, state) => {
        if (method !== "POST" || url !== `/admin/demands/${DEMAND_ID}/approve`) return undefined;
        state.profiles = [enterpriseProfile({ ...fresh, status: "active" })];
        const demand = {
          id: DEMAND_ID,
          kind: "enterprise_account",
          status: "approved",
          createdAt: "2026-11-20T08:30:00.000Z",
          decidedAt: "2026-11-21T08:30:00.000Z",
          remark: null,
          enterprise: { id: fresh.id, name: fresh.name, status: "active" },
          requester: { id: uuid(850), name: "Olga Owner", email: fresh.email, phone: null },
        };
        return { status: 200, data: { data: demand } };
      },
    );
    renderPage(`/admin/enterprises/profile?id=${fresh.id}`, { token: adminToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Approve account" }, { timeout: patient(10_000) }));
    expect(screen.getByRole("button", { name: "Deny" })).toBeTruthy();
    const dialog = await screen.findByRole("dialog", { name: "Approve Fresh Plant?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve account" }));
    expect(await screen.findByText("Fresh Plant approved")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "POST", url: `/admin/demands/${DEMAND_ID}/approve`, body: {} }]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve account" })).toBeNull());
  });

  it("shows a clear not-found state for an unknown or missing id", async () => {
    const server = adminCompaniesServer();
    renderPage(`/admin/enterprises/profile?id=${uuid(404)}`, { token: adminToken() });
    expect(await screen.findByText("Enterprise not found", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to enterprises" }).getAttribute("href")).toBe("/admin/enterprises");
    expect(server.calls.filter((call) => call.url.startsWith("/admin/enterprises/"))).toHaveLength(1);
  });

  it("does not ask the server about an id that is not one", async () => {
    const server = adminCompaniesServer();
    renderPage("/admin/enterprises/profile", { token: adminToken() });
    expect(await screen.findByText("Enterprise not found", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(server.calls.filter((call) => call.url.startsWith("/admin/enterprises"))).toEqual([]);
  });
});
