import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";
import { SUPPLIER_ID, supplierCompany, supplierServer, supplierToken } from "../testing/supplier-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
  vi.restoreAllMocks();
});

const companySection = async () =>
  within(await screen.findByRole("region", { name: "Company" }, { timeout: patient(10_000) }));

describe("the supplier's company on its profile", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("sends only the changed fields, clears an emptied one, and refuses a website that is not a URL", async () => {
    const server = supplierServer({ website: "https://acme.example" });
    renderPage("/supplier/profile", { token: supplierToken() });
    const section = await companySection();
    const website = await section.findByLabelText(/^Website/);
    fireEvent.change(website, { target: { value: "acme dot com" } });
    fireEvent.click(section.getByRole("button", { name: "Save company details" }));
    expect(await section.findByText("A valid URL is required")).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(website, { target: { value: "" } });
    fireEvent.change(section.getByLabelText("Company name"), { target: { value: "Acme Scaffolding & Co" } });
    fireEvent.click(section.getByRole("button", { name: "Save company details" }));
    expect(await screen.findByText("Profile updated")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "PATCH", url: "/supplier-company", body: { name: "Acme Scaffolding & Co", website: null } },
    ]);
    expect(Object.keys(server.writes()[0]!.body as object).sort()).toEqual(["name", "website"]);
  });

  it("shows the server's refusal of a logo's content as a clear message on the field", async () => {
    const server = supplierServer({}, ({ method, url }) =>
      method === "PUT" && url === "/supplier-company/logo" ? apiError(415, "UNSUPPORTED_MEDIA_TYPE") : undefined,
    );
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:chosen");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    renderPage("/supplier/profile", { token: supplierToken() });
    const section = await companySection();
    const input = await section.findByTestId("company-logo-input");
    const upload = section.getByRole("button", { name: "Upload logo" });
    expect((upload as HTMLButtonElement).disabled).toBe(true);

    // A file that is not an image is refused before it travels.
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "logo.pdf", { type: "application/pdf" })] } });
    expect(await section.findByText("This file is not a PNG, JPEG or WebP image.")).toBeTruthy();
    expect((upload as HTMLButtonElement).disabled).toBe(true);

    // A PNG by name whose content the server refuses.
    fireEvent.change(input, { target: { files: [new File(["nope"], "logo.png", { type: "image/png" })] } });
    await waitFor(() => expect((upload as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(upload);
    expect(await section.findByText("This file is not a PNG, JPEG or WebP image.")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "PUT", url: "/supplier-company/logo" }]);
  });

  it("removes the logo only after a confirmation", async () => {
    const logo = {
      url: `/api/suppliers/${SUPPLIER_ID}/logo?v=1`,
      contentType: "image/png" as const,
      width: 64,
      height: 64,
      updatedAt: "2026-11-20T08:30:00.000Z",
    };
    const server = supplierServer({ logo }, ({ method, url }, state) => {
      if (url.startsWith(`/suppliers/${SUPPLIER_ID}/logo`)) return { status: 200, data: new Blob(["png"]) };
      if (method === "DELETE" && url === "/supplier-company/logo") {
        state.company = { ...state.company, logo: null };
        return { status: 200, data: { data: state.company } };
      }
      return undefined;
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:stored");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    renderPage("/supplier/profile", { token: supplierToken() });
    const section = await companySection();
    expect(await section.findByRole("img", { name: "Acme Scaffolding logo" })).toBeTruthy();
    fireEvent.click(section.getByRole("button", { name: "Remove logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the company logo?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove logo" }));
    expect(await screen.findByText("Logo removed")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "DELETE", url: "/supplier-company/logo" }]);
    await waitFor(() => expect(section.queryByRole("button", { name: "Remove logo" })).toBeNull());
  });
});

describe("the supplier's company page", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the company card as principals see it, with a way to edit it", async () => {
    supplierServer({ website: "https://acme.example" });
    renderPage("/supplier/profile/external", { token: supplierToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Company page" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Acme Scaffolding" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /acme\.example/ }).getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "Edit the company profile" }).getAttribute("href")).toBe(
      "/supplier/profile#company",
    );
  });
});

describe("an employee's profile", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("names the supplier it works for", async () => {
    const id = "00000000-0000-4000-8000-000000000777";
    const me = {
      id,
      name: "Eve Worker",
      email: "eve@acme.io",
      role: "Employee",
      fournisseur: { id: SUPPLIER_ID, name: supplierCompany().name, enterpriseId: null, enterpriseName: null },
      phone: null,
      language: "en",
      status: "active",
      createdAt: "2026-11-20T08:30:00.000Z",
    };
    fakeApi(({ url }) =>
      url === "/auth/me" || url === `/Employee/${id}` ? { status: 200, data: { data: me } } : { status: 404 },
    );
    renderPage("/employee/profile", { token: fakeToken({ role: "Employee", id, email: "eve@acme.io" }) });
    expect(await screen.findByText("Acme Scaffolding", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByText("Company")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Company" })).toBeNull();
  });
});
