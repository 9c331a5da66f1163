import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api";
import { patient } from "../../test/timeouts";
import { CompanyPageButton } from "./components/company-page-button";
import { CompanyPageSection } from "./components/company-page-section";
import {
  companyPage,
  companyRoutes,
  RHONE_ID,
  type TCompanyState,
  usefulLink,
  VIDEO_ID,
} from "./testing/company-server";
import { renderCompany } from "./testing/render-company";

function serve(overrides: Partial<TCompanyState> = {}) {
  const state: TCompanyState = { page: companyPage(), links: [usefulLink(1, "Site rules", "safety")], ...overrides };
  const routes = companyRoutes(state);
  const calls = fakeApi((request) => routes(request) ?? { status: 404, data: { error: { code: "NOT_FOUND" } } });
  return { state, calls, saves: () => calls.filter((c) => c.method === "PUT") };
}

const form = () => screen.findByRole("form", { name: "Company page" }, { timeout: patient(10_000) });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save the company page" }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The first render of a file waits for the components to compile, slow when other suites run at once. */
const SLOW = { timeout: patient(20_000) };

describe("the enterprise's company page section", SLOW, () => {
  it("refuses a non-YouTube URL on its field, sends nothing and keeps what was typed", async () => {
    const server = serve();
    renderCompany(<CompanyPageSection />);
    await form();
    fireEvent.click(screen.getByRole("button", { name: "Add a video" }));
    type("Video 2 URL", "https://vimeo.com/12345");
    save();
    expect(await screen.findByText("Only YouTube video URLs are accepted")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Video 2 URL").value).toBe("https://vimeo.com/12345");
    expect(server.saves()).toEqual([]);
  });

  it("checks each day: closing after opening, and times unless Closed", async () => {
    const server = serve();
    renderCompany(<CompanyPageSection />);
    await form();
    type("Opens on Tuesday", "18:00");
    type("Closes on Tuesday", "08:00");
    fireEvent.click(screen.getByRole("switch", { name: "Closed on Sunday" }));
    save();
    expect(await screen.findByText("The closing time must be after the opening time")).toBeTruthy();
    expect(screen.getAllByText("Time required, or mark the day Closed")).toHaveLength(2);
    expect(server.saves()).toEqual([]);
  });

  it("saves the whole page, a youtu.be link becoming the canonical URL, and says so", async () => {
    const server = serve();
    renderCompany(<CompanyPageSection />);
    await form();
    fireEvent.click(screen.getByRole("switch", { name: "Closed on Saturday" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a video" }));
    type("Video 2 URL", "https://youtu.be/dQw4w9WgXcQ");
    save();
    expect(await screen.findByText("Company page saved")).toBeTruthy();
    const body = server.saves()[0]!.body as { businessHours: unknown[]; youtubeUrls: string[] };
    expect(body.businessHours[5]).toEqual({ closed: true, open: "08:00", close: "12:00" });
    expect(server.state.page.businessHours![5]).toEqual({ closed: true, open: null, close: null });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>("Video 2 URL").value).toBe(
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      ),
    );
  });

  it("shows the server's refusal on its field and keeps everything typed", async () => {
    serve({ refuseNextSave: apiError(400, "VALIDATION_FAILED", { "socialLinks.0.url": "validUrl" }) });
    renderCompany(<CompanyPageSection />);
    await form();
    type("Itinerary (how to reach the site, where to report)", "Gate C now.");
    save();
    expect(await screen.findByText("A valid URL is required")).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Itinerary/).value).toBe("Gate C now.");
  });

  it("hides the hours when they are switched off, and sends none", async () => {
    const server = serve();
    renderCompany(<CompanyPageSection />);
    await form();
    fireEvent.click(screen.getByRole("switch", { name: /^Show business hours on the page/ }));
    expect(screen.queryByLabelText("Opens on Monday")).toBeNull();
    save();
    await screen.findByText("Company page saved");
    expect((server.saves()[0]!.body as { businessHours: unknown }).businessHours).toBeNull();
  });

  it("holds the purchase summary it is given, and previews the saved page", async () => {
    serve();
    renderCompany(<CompanyPageSection purchaseSummary={<p>Remaining: 42</p>} />);
    await form();
    expect(screen.getByText("Remaining: 42")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const dialog = await screen.findByRole("dialog", { name: "Your company page, as contractors see it" });
    expect(within(dialog).getByText("Refining and storage.")).toBeTruthy();
    expect(within(dialog).queryByText("Remaining: 42")).toBeNull();
  });
});

describe("the read-only company page", SLOW, () => {
  it("opens from its button with description, itinerary, no-cookie videos, hours, website, social and useful links", async () => {
    serve();
    renderCompany(<CompanyPageButton enterprise={{ id: RHONE_ID, name: "Rhône Refinery" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Company page of Rhône Refinery" }));
    const dialog = await screen.findByRole("dialog", { name: "Rhône Refinery — company page" });
    expect(await within(dialog).findByText("Refining and storage.")).toBeTruthy();
    expect(within(dialog).getByText("Gate B, then the blue walkway.")).toBeTruthy();
    const video = within(dialog).getByTitle("Rhône Refinery — video 1");
    expect(video.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
    const hours = within(dialog).getByTestId("business-hours");
    expect(
      within(hours)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "Monday07:00 – 18:00",
      "Tuesday07:00 – 18:00",
      "Wednesday07:00 – 18:00",
      "Thursday07:00 – 18:00",
      "Friday07:00 – 18:00",
      "Saturday08:00 – 12:00",
      "SundayClosed",
    ]);
    expect(within(dialog).getByRole("link", { name: "https://refinery.example" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/company/rhone",
    );
    expect(await within(dialog).findByRole("link", { name: /Site rules/ })).toBeTruthy();
    expect(within(dialog).queryByText(/credit|remaining/i)).toBeNull();
  });

  it("says so when the enterprise's page is not open to the caller", async () => {
    fakeApi(() => apiError(404, "COMPANY_NOT_LISTED"));
    renderCompany(<CompanyPageButton enterprise={{ id: RHONE_ID, name: "Rhône Refinery" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Company page of Rhône Refinery" }));
    const dialog = await screen.findByRole("dialog");
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/not listed/i);
  });

  it("links only web addresses and tells when there are no hours or links", async () => {
    serve({ page: companyPage({ website: "javascript:alert(1)", businessHours: null }), links: [] });
    renderCompany(<CompanyPageButton enterprise={{ id: RHONE_ID, name: "Rhône Refinery" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Company page of Rhône Refinery" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Business hours not given yet.")).toBeTruthy();
    expect(await within(dialog).findByText("No useful links yet.")).toBeTruthy();
    expect(within(dialog).queryByText("javascript:alert(1)")).toBeNull();
  });
});
