import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  affiliationServer,
  demand,
  enterpriseToken,
  REFINERY,
  responsibleToken,
  supplierToken,
  uuid,
} from "../testing/affiliation-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const row = (name: string) => screen.findByRole("article", { name }, { timeout: patient(10_000) });

describe("requests page of a principal", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows what a contractor's request still lacks of the required documents, and the refusal naming them", async () => {
    const missingDocuments = [
      { person: null, requirement: "Liability insurance", standing: "expired" as const },
      { person: null, requirement: "Safety certificate", standing: "missing" as const },
    ];
    const received = demand(1, "Enterprise", { direction: "request", missingDocuments });
    affiliationServer({ demands: [received], waitingCount: 1 }, ({ method, url }) =>
      method === "POST" && url === `/demands/${received.id}/approve`
        ? {
            status: 409,
            data: { error: { code: "COMPLIANCE_DOCUMENTS_MISSING", message: "x", gaps: missingDocuments } },
          }
        : undefined,
    );
    renderApp("/enterprise/demand", { token: enterpriseToken() });
    const card = await row("Contractor 1");
    expect(within(card).getByTestId("missing-documents").textContent).toBe(
      "Missing for affiliation: Liability insurance (expired); Safety certificate (missing)",
    );
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(/lacks required valid documents: Liability insurance \(expired\)/)).toBeTruthy();
  });

  it("opens on what waits for it, approves a request and refreshes the list and the badge", async () => {
    const received = demand(1, "Enterprise", { direction: "request" });
    const sent = demand(2, "Enterprise", { direction: "invitation" });
    const server = affiliationServer({ demands: [received, sent], waitingCount: 1 }, ({ method, url }, state) => {
      if (method === "POST" && url === `/demands/${received.id}/approve`) {
        state.demands = [sent];
        state.waitingCount = 0;
        return { status: 200, data: { data: { ...received, status: "approved", actions: [] } } };
      }
      return undefined;
    });
    renderApp("/enterprise/demand", { token: enterpriseToken() });

    const card = await row("Contractor 1");
    expect(screen.getByRole("radio", { name: "Waiting for me" })).toHaveProperty("checked", true);
    expect(server.gets("/demands").at(-1)?.params).toMatchObject({ waiting: "true" });
    // Waiting demands are pending by definition: no status filter in this view, and no sent invitation.
    expect(screen.queryByLabelText("Status", { selector: "input" })).toBeNull();
    expect(screen.getByLabelText("Type", { selector: "input" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Contractor 2" })).toBeNull();
    expect(within(card).getByText("Request received")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "contractor1@x.io" })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Cancel request" })).toBeNull();
    expect(await screen.findByRole("link", { name: "Requests, 1 waiting" })).toBeTruthy();

    const listCalls = server.gets("/demands").length;
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Request approved")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/demands/${received.id}/approve`, body: {} }]);
    await waitFor(() => expect(screen.queryByRole("article", { name: "Contractor 1" })).toBeNull());
    expect(server.gets("/demands").length).toBeGreaterThan(listCalls);
    expect(await screen.findByRole("link", { name: "Requests" })).toBeTruthy();
    expect(screen.getByText("Nothing is waiting for you")).toBeTruthy();
  });

  it("says when someone decided first, and shows the refreshed list", async () => {
    const received = demand(1, "Enterprise", { direction: "request" });
    const server = affiliationServer({ demands: [received], waitingCount: 1 }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.demands = [{ ...received, status: "denied", actions: [] }];
      return apiError(409, "CONFLICT");
    });
    renderPage("/enterprise/demand?view=all", { token: enterpriseToken() });
    const card = await row("Contractor 1");
    expect(screen.getByLabelText("Status", { selector: "input" })).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    expect(
      await screen.findByText("This request was decided in the meantime. The list has been refreshed."),
    ).toBeTruthy();
    await waitFor(() => expect(within(card).queryByRole("button", { name: "Approve" })).toBeNull());
    expect(within(card).getByText("Denied")).toBeTruthy();
    expect(server.writes()).toHaveLength(1);
  });

  it("denies after a confirmation, sending the remark", async () => {
    const received = demand(1, "SuperResponsible", { direction: "request" });
    const server = affiliationServer({ demands: [received] }, ({ method }) =>
      method === "POST" ? { status: 200, data: { data: { ...received, status: "denied", actions: [] } } } : undefined,
    );
    renderPage("/enterprise/demand?view=all", { token: enterpriseToken() });
    fireEvent.click(within(await row("Contractor 1")).getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("dialog", { name: "Deny this request?" });
    expect(server.writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Remark (optional)"), { target: { value: "No insurance" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText("Request denied")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/demands/${received.id}/deny`, body: { remark: "No insurance" } }]);
  });

  it("shows a responsible every demand, read only, with no waiting view", async () => {
    const server = affiliationServer({ demands: [demand(1, "Responsible", { direction: "request" })] });
    renderPage("/responsible/demand", { token: responsibleToken() });
    const card = await row("Contractor 1");
    expect(within(card).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("radio", { name: "Waiting for me" })).toBeNull();
    expect(server.gets("/demands").at(-1)?.params.waiting).toBeUndefined();
  });

  it("says what to do when there is no demand at all", async () => {
    affiliationServer();
    renderPage("/enterprise/demand", { token: enterpriseToken() });
    expect(await screen.findByText("No requests yet", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to contractors" }).getAttribute("href")).toBe("/enterprise/suppliers");
  });
});

describe("requests page of a supplier", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("labels directions from its side and cancels its own request after a confirmation", async () => {
    const sent = demand(1, "Supplier", { direction: "request", enterprise: { id: uuid(11), name: "Delta Steel" } });
    const received = demand(2, "Supplier", { direction: "invitation" });
    const server = affiliationServer({ demands: [sent, received], waitingCount: 1 }, ({ method }) =>
      method === "POST" ? { status: 200, data: { data: { ...sent, status: "cancelled", actions: [] } } } : undefined,
    );
    renderApp("/supplier/demandlist?view=all", { token: supplierToken() });
    const mine = await row("Delta Steel");
    expect(within(mine).getByText("Request sent")).toBeTruthy();
    const theirs = screen.getByRole("article", { name: REFINERY.name });
    expect(within(theirs).getByText("Invitation received")).toBeTruthy();
    expect(within(theirs).getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Requests, 1 waiting" })).toBeTruthy();

    fireEvent.click(within(mine).getByRole("button", { name: "Cancel request" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this request?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel request" }));
    expect(await screen.findByText("Request cancelled")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/demands/${sent.id}/cancel`, body: {} }]);
  });

  it("asks to work for a company found in the directory; affiliated and pending ones cannot be picked", async () => {
    const delta = { id: uuid(31), name: "Delta Steel", affiliationStatus: null };
    const server = affiliationServer(
      {
        directory: [
          { id: uuid(30), name: "Delta Refinery", affiliationStatus: "affiliated" },
          delta,
          { id: uuid(32), name: "Delta Ports", affiliationStatus: "requested" },
          { id: uuid(33), name: "Delta Docks", affiliationStatus: "detached" },
        ],
      },
      ({ method, url }) =>
        method === "POST" && url === "/affiliations/requests"
          ? { status: 201, data: { data: demand(9, "Supplier", { direction: "request" }) } }
          : undefined,
    );
    renderPage("/supplier/demandlist", { token: supplierToken() });
    fireEvent.click(
      await screen.findByRole("button", { name: "Request to work for a company" }, { timeout: patient(10_000) }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Request to work for a company" });
    const send = within(dialog).getByRole("button", { name: "Send request" });
    expect(send).toHaveProperty("disabled", true);

    fireEvent.change(within(dialog).getByLabelText("Company name"), { target: { value: "delta" } });
    expect(await within(dialog).findByRole("radio", { name: "Delta Steel" })).toBeTruthy();
    expect(within(dialog).getByRole("radio", { name: "Delta Refinery" })).toHaveProperty("disabled", true);
    expect(within(dialog).getByText("Already affiliated")).toBeTruthy();
    expect(within(dialog).getByRole("radio", { name: "Delta Ports" })).toHaveProperty("disabled", true);
    expect(within(dialog).getByRole("radio", { name: "Delta Docks" })).toHaveProperty("disabled", false);

    // One search once typing paused, not one per keystroke.
    expect(server.gets("/enterprise-directory").map((call) => call.params.q)).toEqual(["delta"]);

    fireEvent.click(within(dialog).getByRole("radio", { name: "Delta Steel" }));
    fireEvent.click(send);
    expect(await screen.findByText("Request registered")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: "/affiliations/requests", body: { enterpriseId: delta.id } }]);
  });

  it("says when no company matches", async () => {
    affiliationServer({ directory: [{ id: uuid(30), name: "Delta Steel", affiliationStatus: null }] });
    renderPage("/supplier/demandlist", { token: supplierToken() });
    fireEvent.click(
      await screen.findByRole("button", { name: "Request to work for a company" }, { timeout: patient(10_000) }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Request to work for a company" });
    fireEvent.change(within(dialog).getByLabelText("Company name"), { target: { value: "Omega" } });
    expect(await within(dialog).findByText("Company not listed")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Send request" })).toHaveProperty("disabled", true);
  });
});
