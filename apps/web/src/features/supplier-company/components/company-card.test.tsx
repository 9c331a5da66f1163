import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { createTestI18n } from "../../../test/test-i18n";
import { CompanyCard, safeWebsiteHref, type TCompanyCardProps } from "./company-card";
import { companyInitial } from "./company-logo";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
  vi.restoreAllMocks();
});

const acme: TCompanyCardProps = {
  name: "Acme Scaffolding",
  email: "office@acme.io",
  phone: "+33 4 72 00 00 00",
  address: "12 Dock Street, Lyon",
  website: "https://acme.example",
  logo: null,
};

function renderCard(props: TCompanyCardProps) {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <CompanyCard {...props} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe("the company card", () => {
  it("links only http(s) websites", () => {
    expect(safeWebsiteHref("https://acme.example/about")).toBe("https://acme.example/about");
    expect(safeWebsiteHref("http://acme.example")).toBe("http://acme.example/");
    expect(safeWebsiteHref("javascript:alert(1)")).toBeNull();
    expect(safeWebsiteHref("acme.example")).toBeNull();
    expect(safeWebsiteHref(null)).toBeNull();
  });

  it("uses the first letter or digit of the name for the avatar", () => {
    expect(companyInitial("  écoles réunies")).toBe("É");
    expect(companyInitial("3M France")).toBe("3");
    expect(companyInitial("—")).toBe("?");
  });

  it("shows the details, an external website link and the initial while there is no logo", () => {
    renderCard(acme);
    expect(screen.getByRole("heading", { name: "Acme Scaffolding" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "office@acme.io" }).getAttribute("href")).toBe("mailto:office@acme.io");
    const website = screen.getByRole("link", { name: /acme\.example/ });
    expect(website.getAttribute("href")).toBe("https://acme.example/");
    expect(website.getAttribute("target")).toBe("_blank");
    expect(website.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("A")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("says what is not given, and never links a stored non-http website", () => {
    renderCard({ ...acme, phone: null, address: null, website: "javascript:alert(1)" });
    expect(screen.getAllByText("Not given")).toHaveLength(2);
    expect(screen.getByText("javascript:alert(1)")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /javascript/ })).toBeNull();
  });

  it("fetches the logo with the token and shows it with its alt text", async () => {
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:logo");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const calls = fakeApi(() => ({ status: 200, data: new Blob(["png"], { type: "image/png" }) }));
    const logo = {
      url: "/api/suppliers/s1/logo?v=1",
      contentType: "image/png" as const,
      width: 64,
      height: 64,
      updatedAt: "2026-11-20T08:30:00.000Z",
    };
    renderCard({ ...acme, logo });
    const image = await screen.findByRole("img", { name: "Acme Scaffolding logo" });
    expect(image.getAttribute("src")).toBe("blob:logo");
    expect(created).toHaveBeenCalled();
    await waitFor(() => expect(calls[0]?.url).toBe("/suppliers/s1/logo?v=1"));
  });
});
