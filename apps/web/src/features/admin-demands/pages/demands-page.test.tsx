import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";

const ADMIN = "00000000-0000-4000-8000-0000000000aa";
const demand = (id: string, name: string, status = "pending") => ({
  id,
  kind: "enterprise_account",
  status,
  createdAt: "2026-11-20T08:30:00.000Z",
  decidedAt: status === "pending" ? null : "2026-11-21T08:30:00.000Z",
  remark: null,
  enterprise: { id: `e-${id}`, name, status: "pending_verification" },
  requester: { id: `u-${id}`, name: "Eve Owner", email: `${id}@example.com`, phone: null },
});

/** An admin server with two pending demands; `decide` answers the approve/deny calls. */
function adminServer(decide: (request: TFakeRequest) => { status: number; data?: unknown }) {
  return fakeApi((request) => {
    if (request.url === `/Admin/${ADMIN}`) {
      return { status: 200, data: { data: { id: ADMIN, name: "Ada Admin", email: "a@x.io", role: "Admin" } } };
    }
    if (request.url === "/admin/demands") {
      const data = [demand("d1", "Acme Refinery"), demand("d2", "Beta Plant")];
      return { status: 200, data: { data, page: 1, pageSize: 20, total: 2 } };
    }
    return decide(request);
  });
}

async function openCard(name: string) {
  // The first render waits for the page's lazy chunk, slow when many test files run at once.
  const heading = await screen.findByRole("heading", { name }, { timeout: patient(10_000) });
  return heading.closest("article") as HTMLElement;
}

describe("admin account requests", () => {
  it("lists pending enterprise accounts with the spec query", async () => {
    const calls = adminServer(() => ({ status: 500 }));
    renderPage("/admin/demands", { token: fakeToken({ role: "Admin", id: ADMIN }) });
    await openCard("Acme Refinery");
    const list = calls.find((call) => call.url === "/admin/demands")!;
    expect(list.params).toEqual({ kind: "enterprise_account", status: "pending", page: 1, pageSize: 20 });
    expect(screen.getByText("Total: 2")).toBeTruthy();
  });

  it("approves behind a confirmation", async () => {
    const calls = adminServer(({ url }) => ({
      status: 200,
      data: { data: demand(url.split("/")[3]!, "x", "approved") },
    }));
    renderPage("/admin/demands", { token: fakeToken({ role: "Admin", id: ADMIN }) });
    fireEvent.click(within(await openCard("Acme Refinery")).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Approve this account?")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    expect(calls.find((call) => call.method === "POST")).toMatchObject({ url: "/admin/demands/d1/approve", body: {} });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("denies only with a reason, sent with the denial", async () => {
    const calls = adminServer(() => ({ status: 200, data: { data: demand("d2", "Beta Plant", "denied") } }));
    renderPage("/admin/demands", { token: fakeToken({ role: "Admin", id: ADMIN }) });
    fireEvent.click(within(await openCard("Beta Plant")).getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await within(dialog).findByText("Say why the request is denied")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "  Unknown company  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        url: "/admin/demands/d2/deny",
        body: { remark: "Unknown company" },
      }),
    );
  });

  it("refuses a reason over 250 characters before calling", async () => {
    const calls = adminServer(() => ({ status: 200 }));
    renderPage("/admin/demands", { token: fakeToken({ role: "Admin", id: ADMIN }) });
    fireEvent.click(within(await openCard("Beta Plant")).getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "x".repeat(251) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await within(dialog).findByText("Maximum 250 characters")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("reports a request someone decided meanwhile, closes and reloads the list", async () => {
    const calls = adminServer(() => apiError(409, "CONFLICT"));
    renderPage("/admin/demands", { token: fakeToken({ role: "Admin", id: ADMIN }) });
    fireEvent.click(within(await openCard("Acme Refinery")).getByRole("button", { name: "Approve" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("This request has already been decided. The list has been refreshed.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(calls.filter((call) => call.url === "/admin/demands")).toHaveLength(2));
  });
});
