import type { TCreditDemand } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";

const ADMIN = "00000000-0000-4000-8000-0000000000aa";
const creditDemand = (id: string, name: string, quantity: number): TCreditDemand => ({
  id,
  kind: "credits",
  status: "pending",
  quantity,
  note: "Winter shutdown",
  createdAt: "2026-11-20T08:30:00.000Z",
  decidedAt: null,
  remark: null,
  enterprise: { id: `00000000-0000-4000-8000-0000000001${id.slice(-2)}`, name },
  requester: { id: `u-${id}`, name: "Rita Principal", email: `${id}@example.com` },
});

/** An admin server with two pending credits requests; `decide` answers the approve/deny calls. */
function adminServer(decide: (request: TFakeRequest) => { status: number; data?: unknown }) {
  return fakeApi((request) => {
    if (request.url === `/Admin/${ADMIN}`) {
      return { status: 200, data: { data: { id: ADMIN, name: "Ada Admin", email: "a@x.io", role: "Admin" } } };
    }
    if (request.url === "/admin/demands" && request.params.kind === "credits") {
      const data = [creditDemand("c1", "Rhône Refinery", 25), creditDemand("c2", "Beta Plant", 1)];
      return { status: 200, data: { data, page: 1, pageSize: 20, total: 2 } };
    }
    if (request.url === "/admin/demands") return { status: 200, data: { data: [], page: 1, pageSize: 20, total: 0 } };
    return decide(request);
  });
}

const renderCredits = (path = "/admin/demands?kind=credits") =>
  renderPage(path, { token: fakeToken({ role: "Admin", id: ADMIN }) });

async function card(name: string) {
  const heading = await screen.findByRole("heading", { name }, { timeout: patient(10_000) });
  return heading.closest("article") as HTMLElement;
}

describe("the admin's credits requests", () => {
  it("opens on the Credits tab from the URL and lists the requests with the credits query", async () => {
    const calls = adminServer(() => ({ status: 500 }));
    renderCredits();
    const rhone = await card("Rhône Refinery");
    expect(screen.getByRole("tab", { name: "Credits", selected: true })).toBeTruthy();
    expect(within(rhone).getByText("25 credits")).toBeTruthy();
    expect(within(rhone).getByText("Note: Winter shutdown")).toBeTruthy();
    expect(within(rhone).getByText("Requested by Rita Principal")).toBeTruthy();
    expect(calls.find((call) => call.url === "/admin/demands")?.params).toEqual({
      kind: "credits",
      status: "pending",
      page: 1,
      pageSize: 20,
    });
  });

  it("switches between enterprise accounts and credits with the tabs, the URL following", async () => {
    adminServer(() => ({ status: 500 }));
    const { router } = renderCredits("/admin/demands");
    fireEvent.click(await screen.findByRole("tab", { name: "Credits" }, { timeout: patient(10_000) }));
    await card("Rhône Refinery");
    expect(router.state.location.search).toContain("kind=credits");
    fireEvent.click(screen.getByRole("tab", { name: "Enterprise accounts" }));
    expect(await screen.findByText("No data to display")).toBeTruthy();
    expect(router.state.location.search).toContain("kind=enterprise_account");
  });

  it("approves behind a confirmation that names the purchase, then says it is completed", async () => {
    const calls = adminServer(() => ({
      status: 200,
      data: { data: { ...creditDemand("c1", "Rhône Refinery", 25), status: "approved" } },
    }));
    renderCredits();
    fireEvent.click(within(await card("Rhône Refinery")).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this credits request?" });
    expect(within(dialog).getByText("Record a purchase of 25 credits for Rhône Refinery?")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Record the purchase" }));
    expect(await screen.findByText("Purchase completed")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toMatchObject([
      { url: "/admin/demands/c1/approve", body: {} },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("denies only with a reason, sent with the denial", async () => {
    const calls = adminServer(() => ({
      status: 200,
      data: { data: { ...creditDemand("c2", "Beta Plant", 1), status: "denied", remark: "Unpaid invoice" } },
    }));
    renderCredits();
    fireEvent.click(within(await card("Beta Plant")).getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny this credits request?" });
    expect(within(dialog).getByText(/Beta Plant will not get the 1 credit it asked for/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await within(dialog).findByText("Say why the request is denied")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "  Unpaid invoice " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText("Request of Beta Plant denied")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toMatchObject([
      { url: "/admin/demands/c2/deny", body: { remark: "Unpaid invoice" } },
    ]);
  });

  it("reports a request someone else decided meanwhile and closes the dialog", async () => {
    adminServer(() => apiError(409, "CONFLICT"));
    renderCredits();
    fireEvent.click(within(await card("Rhône Refinery")).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record the purchase" }));
    expect(await screen.findByText(/already been decided/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
