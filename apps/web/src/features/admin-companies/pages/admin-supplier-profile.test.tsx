import type { TAdminSupplierProfile } from "@openpermit/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { adminCompaniesServer, adminSupplier, adminToken, uuid } from "../testing/admin-companies-server";

const welding = adminSupplier(3, "Acme Welding", { affiliationCount: 1, employeeCount: 4 });
const profile: TAdminSupplierProfile = {
  ...welding,
  address: "4 rue des Forges, Lyon",
  website: null,
  principals: [
    {
      enterprise: { id: uuid(21), name: "Rhône Refinery" },
      status: "affiliated",
      since: "2026-03-02T09:00:00.000Z",
      compliance: { status: "notCompliant", items: [{ requirement: "Safety certificate", standing: "refused" }] },
      documents: [
        { requirement: "Liability insurance", required: true, standing: "valid", validUntil: "2027-01-31" },
        { requirement: "Safety certificate", required: true, standing: "refused", validUntil: null },
      ],
    },
    {
      enterprise: { id: uuid(22), name: "Alpine Chemicals" },
      status: "detached",
      since: "2025-12-01T09:00:00.000Z",
      compliance: { status: "compliant", items: [] },
      documents: [],
    },
  ],
};

function server(profiles: TAdminSupplierProfile[]) {
  return adminCompaniesServer({ suppliers: [welding] }, ({ method, url }) => {
    const found = profiles.find((p) => url === `/admin/suppliers/${p.id}`);
    return method === "GET" && found ? { status: 200, data: { data: found } } : undefined;
  });
}

describe("the admin's contractor profile", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("opens from the contractor list", async () => {
    server([profile]);
    renderPage("/admin/suppliers", { token: adminToken() });
    const link = await screen.findByRole("link", { name: "Acme Welding" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/admin/suppliers/profile?id=${welding.id}`);
  });

  it("shows the company, and each principal with the affiliation and its documents' standing there", async () => {
    server([profile]);
    renderPage(`/admin/suppliers/profile?id=${welding.id}`, { token: adminToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acme Welding" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(screen.getByText("4 rue des Forges, Lyon")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Employees: 4" })).toBeTruthy();
    const [refinery, alpine] = await screen.findAllByTestId("supplier-principal");
    expect(within(refinery!).getByRole("link", { name: "Rhône Refinery" })).toBeTruthy();
    expect(within(refinery!).getByText("Affiliated")).toBeTruthy();
    expect(within(refinery!).getByTestId("compliance-badge").getAttribute("data-compliance")).toBe("notCompliant");
    const documents = within(refinery!).getAllByTestId("supplier-document");
    expect(documents.map((row) => row.textContent)).toEqual([
      "Liability insurance · requiredValid2027-01-31",
      "Safety certificate · requiredRefused—",
    ]);
    expect(within(alpine!).getByText("Detached")).toBeTruthy();
    expect(within(alpine!).getByText("This enterprise requires no company document.")).toBeTruthy();
  });

  it("says what to do when it deals with no enterprise, and when the contractor does not exist", async () => {
    server([{ ...profile, id: uuid(4), principals: [] }]);
    const { unmount } = renderPage(`/admin/suppliers/profile?id=${uuid(4)}`, { token: adminToken() });
    expect(await screen.findByTestId("supplier-no-principal", {}, { timeout: patient(10_000) })).toBeTruthy();
    unmount();
    renderPage(`/admin/suppliers/profile?id=${uuid(5)}`, { token: adminToken() });
    expect(await screen.findByText("Contractor not found", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to contractors" })).toBeTruthy();
  });
});
