import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  affiliationServer,
  contractor,
  demand,
  enterpriseToken,
  responsibleToken,
  uuid,
} from "../../demands/testing/affiliation-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const acme = contractor(1, {
  name: "Acme Scaffolding",
  phone: "+33 4 72 00 00 00",
  employees: [
    { id: uuid(401), name: "Jo Welder" },
    { id: uuid(402), name: "Kim Rigger" },
  ],
  history: [
    {
      id: uuid(501),
      status: "affiliated",
      at: "2026-11-21T09:00:00.000Z",
      actor: { id: uuid(3), name: "Sam", role: "Supplier" },
      remark: null,
    },
    { id: uuid(502), status: "invited", at: "2026-11-20T08:30:00.000Z", actor: null, remark: "Welding works" },
  ],
});
const profileUrl = `/enterprise/suppliers/profile?id=${acme.id}`;

describe("contractor profile", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the company, its employees by name and the history newest first", async () => {
    affiliationServer({ contractors: [acme] });
    renderPage(profileUrl, { token: enterpriseToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acme Scaffolding" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "contractor1@x.io" })).toBeTruthy();
    const employees = screen.getByRole("region", { name: "Employees (2)" });
    expect(
      within(employees)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Jo Welder", "Kim Rigger"]);
    const history = within(screen.getByTestId("affiliation-history")).getAllByRole("listitem");
    expect(history.map((item) => item.querySelector("[data-status]")?.getAttribute("data-status"))).toEqual([
      "affiliated",
      "invited",
    ]);
    expect(within(history[0]!).getByText("by Sam")).toBeTruthy();
    expect(within(history[1]!).getByText("by a deleted account")).toBeTruthy();
    expect(within(history[1]!).getByText("Remark: Welding works")).toBeTruthy();
  });

  it("detaches after a confirmation with a remark", async () => {
    const server = affiliationServer({ contractors: [acme] }, ({ method, url }, state) => {
      if (method !== "POST" || url !== `/contractors/${acme.id}/detach`) return undefined;
      const detached = { ...acme, affiliationStatus: "detached" as const };
      state.contractors = [detached];
      return { status: 200, data: { data: detached } };
    });
    renderPage(profileUrl, { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Detach" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Detach Acme Scaffolding?" });
    expect(server.writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Remark (optional)"), { target: { value: "Contract ended" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Detach" }));
    expect(await screen.findByText("Contractor detached")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { url: `/contractors/${acme.id}/detach`, body: { remark: "Contract ended" } },
    ]);
    // The refreshed profile offers the way back.
    expect(await screen.findByRole("button", { name: "Re-affiliate" })).toBeTruthy();
  });

  it("warns before detaching that work in progress must be handed back, and says which when refused", async () => {
    const refusal = apiError(409, "CONTRACTOR_HAS_LIVE_WORK");
    const details = { permits: "PTW-2026-7, PTW-2026-9" };
    affiliationServer({ contractors: [acme] }, ({ method }) =>
      method === "POST" ? { ...refusal, data: { error: { ...refusal.data.error, details } } } : undefined,
    );
    renderPage(profileUrl, { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Detach" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Detach Acme Scaffolding?" });
    expect(within(dialog).getByText(/Work in progress must be closed out and handed back/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Detach" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("This contractor has work in progress here (PTW-2026-7, PTW-2026-9)");
  });

  it("re-affiliates a detached contractor by sending a new invitation", async () => {
    const server = affiliationServer({ contractors: [{ ...acme, affiliationStatus: "detached" }] }, ({ method }) =>
      method === "POST"
        ? { status: 201, data: { data: demand(1, "Enterprise", { direction: "invitation" }) } }
        : undefined,
    );
    const { router } = renderPage(profileUrl, { token: enterpriseToken() });
    expect(screen.queryByRole("button", { name: "Detach" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Re-affiliate" }, { timeout: patient(10_000) }));
    expect(await screen.findByText("Request registered")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/contractors/${acme.id}/reaffiliate` }]);
    // Invited again, it is no longer among the contractors: the page shows the invitation it sent.
    await waitFor(() => expect(router.state.location.pathname).toBe("/enterprise/demand"));
    expect(router.state.location.search).toBe("?view=all&direction=invitation");
  });

  it("lets a responsible read without acting", async () => {
    affiliationServer({ contractors: [acme] });
    renderPage(`/responsible/suppliers/profile?id=${acme.id}`, { token: responsibleToken() });
    await screen.findByRole("heading", { level: 1, name: "Acme Scaffolding" }, { timeout: patient(10_000) });
    expect(screen.queryByRole("button", { name: "Detach" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Re-affiliate" })).toBeNull();
  });

  it.each([`?id=${uuid(999)}`, "?id=not-an-id", ""])(
    "says the contractor is not listed for %j, with a way back",
    async (query) => {
      affiliationServer({ contractors: [acme] }, ({ url }) =>
        url === "/contractors/not-an-id" ? apiError(400, "VALIDATION_FAILED", { id: "invalidValue" }) : undefined,
      );
      renderPage(`/enterprise/suppliers/profile${query}`, { token: enterpriseToken() });
      expect(
        await screen.findByText("Contractor or company not listed", {}, { timeout: patient(10_000) }),
      ).toBeTruthy();
      const back = screen.getByRole("link", { name: "Back to contractors" });
      expect(back.getAttribute("href")).toBe("/enterprise/suppliers");
      await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    },
  );
});
