import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, type TFakeRequest } from "../../test/fake-api";
import { renderPage } from "../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../test/timeouts";
import { fakeToken } from "../../test/tokens";
import { companyPage, companyRoutes } from "../enterprise-company/testing/company-server";
import {
  consumption,
  creditDemand,
  creditsRoutes,
  creditTransaction,
  type TCreditState,
} from "./testing/credits-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */
const ID = "00000000-0000-4000-8000-0000000000e1";
const ENTERPRISE_ID = "00000000-0000-4000-8000-000000000e01";

const me = {
  id: ID,
  name: "Rita Principal",
  email: "rita@x.io",
  role: "Enterprise",
  company: { id: ENTERPRISE_ID, name: "Rhône Refinery" },
  phone: null,
  language: "en",
  status: "active",
  createdAt: "2026-01-05T09:00:00.000Z",
};

function enterpriseServer(state: TCreditState) {
  const credits = creditsRoutes(state, ENTERPRISE_ID);
  // The Enterprise account's credits sit in its company page section, which needs the page itself.
  const company = companyRoutes({ page: companyPage(), links: [] });
  const calls = fakeApi((request: TFakeRequest) => {
    const answered = credits(request) ?? company(request);
    if (answered) return answered;
    if (request.url === `/Enterprise/${ID}` || request.url === "/auth/me") return { status: 200, data: { data: me } };
    // The demand page's affiliation demands: none.
    if (request.url === "/demands/waiting-count") return { status: 200, data: { data: { count: 0 } } };
    if (request.url === "/demands") return { status: 200, data: { data: [], page: 1, pageSize: 20, total: 0 } };
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
  return { calls, writes: () => calls.filter((call) => call.method !== "GET") };
}

const renderProfile = () =>
  renderPage("/enterprise/profile", { token: fakeToken({ role: "Enterprise", id: ID, email: "rita@x.io" }) });

async function creditsSection() {
  const heading = await screen.findByRole("heading", { name: "Permit credits" }, { timeout: patient(10_000) });
  return heading.closest("section") as HTMLElement;
}

describe("the enterprise asks for credits", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("checks the quantity, sends the request, says it is registered and lists it as pending", async () => {
    const server = enterpriseServer({ transactions: [creditTransaction(1, { quantity: 30 })] });
    renderProfile();
    const section = await creditsSection();
    expect(await within(section).findByText(/No request yet/)).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Request credits" }));
    const dialog = await screen.findByRole("dialog", { name: "Request permit credits" });
    const quantity = within(dialog).getByLabelText(/^Number of credits/);
    const submit = within(dialog).getByRole("button", { name: "Send the request" });

    fireEvent.click(submit);
    expect(await within(dialog).findByText("Enter a whole number from 1 to 10,000")).toBeTruthy();
    fireEvent.change(quantity, { target: { value: "10001" } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText("Enter a whole number from 1 to 10,000")).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(quantity, { target: { value: "20" } });
    fireEvent.change(within(dialog).getByLabelText("Note (optional)"), { target: { value: " Winter shutdown " } });
    fireEvent.click(submit);
    expect(await screen.findByText("Request registered")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "POST", url: "/credits/demands", body: { quantity: 20, note: "Winter shutdown" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const item = await within(section).findByTestId("credit-demand");
    expect(within(item).getByText("20 credits")).toBeTruthy();
    expect(within(item).getByText("Pending")).toBeTruthy();
    expect(within(item).getByText("Note: Winter shutdown")).toBeTruthy();
  });

  it("keeps the dialog open with the reason when a request is already pending", async () => {
    enterpriseServer({ transactions: [], demands: [creditDemand(1, { quantity: 8 })] });
    renderProfile();
    const section = await creditsSection();
    await within(section).findByText("8 credits");
    fireEvent.click(within(section).getByRole("button", { name: "Request credits" }));
    const dialog = await screen.findByRole("dialog", { name: "Request permit credits" });
    fireEvent.change(within(dialog).getByLabelText(/^Number of credits/), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send the request" }));
    expect(await within(dialog).findByText(/A credits request is already waiting/)).toBeTruthy();
  });

  it("withdraws the pending request after a confirmation; decided ones show their answer", async () => {
    const server = enterpriseServer({
      transactions: [],
      demands: [
        creditDemand(2, { quantity: 12 }),
        creditDemand(1, { quantity: 40, status: "denied", decidedAt: "2026-11-20T10:00:00.000Z", remark: "Unpaid" }),
      ],
    });
    renderProfile();
    const section = await creditsSection();
    expect(await within(section).findByText("Reason: Unpaid")).toBeTruthy();
    const pending = within(section)
      .getAllByTestId("credit-demand")
      .find((item) => within(item).queryByText("12 credits"))!;
    fireEvent.click(within(pending).getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this request?" });
    expect(within(dialog).getByText(/Your request for 12 credits will be withdrawn/)).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Request withdrawn")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "POST", url: `/credits/demands/${creditDemand(2).id}/cancel` }]);
    await waitFor(() => expect(within(pending).getByText("Withdrawn")).toBeTruthy());
    expect(within(section).queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  it("tells the enterprise to request more when few credits remain", async () => {
    enterpriseServer({
      transactions: [
        consumption(3, "PTW-2026-000002"),
        consumption(2, "PTW-2026-000001"),
        creditTransaction(1, { quantity: 5 }),
      ],
    });
    renderProfile();
    const section = await creditsSection();
    expect(await within(section).findByRole("group", { name: "Remaining: 3" })).toBeTruthy();
    expect(within(section).getByText("Only 3 permit credits left — request more")).toBeTruthy();
  });

  it("shows the Enterprise its credit requests on its demand page too, where it may ask for more", async () => {
    enterpriseServer({ transactions: [], demands: [creditDemand(1, { quantity: 9 })] });
    renderPage("/enterprise/demand", { token: fakeToken({ role: "Enterprise", id: ID, email: "rita@x.io" }) });
    const heading = await screen.findByRole("heading", { name: "Credit requests" }, { timeout: patient(10_000) });
    const section = heading.closest("section") as HTMLElement;
    expect(await within(section).findByText("9 credits")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Request credits" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Withdraw" })).toBeTruthy();
  });
});
