import type { TPermitEvent } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { captureDownloads } from "../../../test/downloads";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  ENTERPRISE_USER_ID,
  employeeToken,
  enterpriseToken,
  MATRIX,
  permit,
  permitServer,
  SUPPLIER_USER_ID,
  supplierToken,
  uuid,
} from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const sent = permit(7, {
  status: "sended",
  documentNumber: "PTW-2026-000007",
  actions: ["verify", "recheck", "reject", "cancel"],
  canEdit: false,
  canDuplicate: false,
  canRerate: false,
  criticality: { name: "Critical", colour: "#e03131", flow: "verify_and_approve" },
  checklist: [
    {
      source: "workType",
      sourceId: uuid(40),
      index: 0,
      checked: true,
      notApplicable: false,
      notApplicableReason: "",
      sourceName: "Hot work",
      text: "Fire watch posted",
    },
  ],
  files: [
    {
      id: uuid(90),
      name: "plan.pdf",
      contentType: "application/pdf",
      byteSize: 10,
      url: `/api/permits/${uuid(107)}/files/${uuid(90)}`,
      createdAt: "2026-11-20T08:30:00.000Z",
    },
  ],
});
const history: TPermitEvent[] = [
  {
    id: uuid(500),
    action: "create",
    fromStatus: null,
    toStatus: "pending",
    at: "2026-11-20T08:30:00.000Z",
    actor: { id: SUPPLIER_USER_ID, name: "Sam", role: "Supplier" },
    remark: null,
    rerate: null,
  },
  {
    id: uuid(501),
    action: "send",
    fromStatus: "pending",
    toStatus: "sended",
    at: "2026-11-20T09:00:00.000Z",
    actor: { id: SUPPLIER_USER_ID, name: "Sam", role: "Supplier" },
    remark: null,
    rerate: null,
  },
];

describe("the permit page", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows every field, the history and exactly the actions the server allows; verifies", async () => {
    const server = permitServer({ permits: [sent], history: { [sent.id]: history } }, ({ method, url }, state) => {
      if (method !== "POST") return undefined;
      const verified = { ...sent, status: "Confirmed" as const, actions: ["cancel" as const] };
      state.permits = [verified];
      return url.endsWith("/verify") ? { status: 200, data: { data: verified } } : undefined;
    });
    renderPage(`/enterprise/permit/${sent.id}`, { token: enterpriseToken() });
    expect(await screen.findByRole("heading", { name: "Task 7" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByTestId("permit-number").textContent).toBe("PTW-2026-000007");
    expect(document.querySelector('[data-status="sended"]')?.textContent).toBe("Sent");
    expect(screen.getByTestId("criticality-badge").textContent).toBe("Critical");
    expect(screen.getByText("Fire watch posted")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download plan.pdf" })).toBeTruthy();
    const actions = within(screen.getByTestId("permit-actions"))
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(actions).toEqual(["Verify", "Ask for a recheck", "Reject", "Cancel the permit", "Download PDF"]);
    const events = await screen.findAllByTestId("permit-event");
    expect(events).toHaveLength(2);
    expect(within(events[1]!).getByText("Saved → Sent")).toBeTruthy();
    expect(within(events[1]!).getByText(/by Sam/)).toBeTruthy();

    // Verifying is a signature: the dialog asks for the declaration and the password first.
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    fireEvent.click(await screen.findByTestId("sign-declaration"));
    fireEvent.change(screen.getByTestId("sign-password"), { target: { value: "Correct-horse-9" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    expect(await screen.findByText("Permit verified")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { url: `/permits/${sent.id}/verify`, body: { password: "Correct-horse-9", declaration: true, language: "en" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Verify" })).toBeNull());
  });

  it("lets the verifier re-rate with a reason, showing the resulting level first, and shows before → after", async () => {
    const low = permit(10, {
      status: "sended",
      documentNumber: "PTW-2026-000010",
      actions: ["verify", "recheck", "reject"],
      canRerate: true,
      probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
      severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
      criticality: { name: "Low", colour: "#2f9e44", flow: "verify" },
    });
    const rerated: TPermitEvent = {
      id: uuid(510),
      action: "rerate",
      fromStatus: "sended",
      toStatus: "sended",
      at: "2026-11-20T10:00:00.000Z",
      actor: { id: ENTERPRISE_USER_ID, name: "Vera", role: "Responsible" },
      remark: "Live cables nearby",
      rerate: {
        before: { probability: "Rare", severity: "Minor", level: "Low" },
        after: { probability: "Likely", severity: "Major", level: "Critical" },
      },
    };
    const server = permitServer({ permits: [low] }, ({ method, url }, state) => {
      if (method !== "POST" || !url.endsWith("/rerate")) return undefined;
      state.history[low.id] = [rerated];
      const criticality = { name: "Critical", colour: "#e03131", flow: "verify_and_approve" as const };
      return { status: 200, data: { data: { ...low, criticality } } };
    });
    renderPage(`/enterprise/permit/${low.id}`, { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Re-rate" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Re-rate the criticality" });
    // The form loads with the dialog (its own chunk).
    const result = await within(dialog).findByTestId("rerate-result", {}, { timeout: patient(10_000) });
    await waitFor(() =>
      expect(
        within(result)
          .getAllByTestId("criticality-badge")
          .map((b) => b.textContent),
      ).toEqual(["Low", "Low"]),
    );
    fireEvent.click(within(dialog).getByLabelText(/^Probability/, { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Likely" }));
    fireEvent.click(within(dialog).getByLabelText(/^Severity/, { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Major" }));
    expect(
      within(result)
        .getAllByTestId("criticality-badge")
        .map((b) => b.textContent),
    ).toEqual(["Low", "Critical"]);
    expect(within(dialog).getByText(/This level needs an approval/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Re-rate" }));
    expect(await within(dialog).findByText("A remark is required")).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "Live cables nearby" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Re-rate" }));
    expect(await screen.findByText("Criticality re-rated", { selector: "p, div" })).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: `/permits/${low.id}/rerate`,
        body: {
          probabilityId: MATRIX.probabilities[1]!.id,
          severityId: MATRIX.severities[1]!.id,
          reason: "Live cables nearby",
        },
      },
    ]);
    const change = await screen.findByTestId("permit-event-rerate");
    expect(change.textContent).toBe("Probability × severity: Rare × Minor (Low) → Likely × Major (Critical)");
  });

  it("asks for a remark before a rejection and sends it", async () => {
    const server = permitServer({ permits: [sent] }, ({ method }) =>
      method === "POST" ? { status: 200, data: { data: { ...sent, status: "Failed", actions: [] } } } : undefined,
    );
    renderPage(`/enterprise/permit/${sent.id}`, { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this permit?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("A remark is required")).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Remark/), { target: { value: "No gas test" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Permit rejected")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/permits/${sent.id}/reject`, body: { remark: "No gas test" } }]);
  });

  it("confirms a cancellation first, and says when the permit changed meanwhile, reloading it", async () => {
    const mine = { ...sent, actions: ["cancel" as const], canDuplicate: true };
    const server = permitServer({ permits: [mine] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [{ ...mine, status: "Confirmed", actions: ["cancel"] }];
      return apiError(409, "CONFLICT");
    });
    renderPage(`/supplier/list-permis-sent/${mine.id}`, { token: supplierToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel the permit" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this permit?" });
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    // The way out says what it does: no "Cancel" beside "Cancel the permit".
    expect(within(dialog).getByRole("button", { name: "Keep the permit" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(server.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the permit" }));
    expect(await screen.findByTestId("permit-changed")).toBeTruthy();
    expect(await screen.findByText("Verified")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Duplicate" })).toBeTruthy();
  });

  it("tells a contractor on hold why it may only stop the work, and shows the server's refusal of a stale action", async () => {
    const accepted = { ...sent, status: "accepted" as const, actions: ["start" as const, "cancel" as const] };
    const onHold = { ...accepted, actions: ["cancel" as const], contractorOnHold: true };
    const server = permitServer({ permits: [accepted] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [onHold];
      return apiError(403, "AFFILIATION_ENDED");
    });
    renderPage(`/supplier/list-permis-sent/${accepted.id}`, { token: supplierToken() });
    expect(screen.queryByTestId("permit-on-hold")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Start the work" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Start the work" }));
    expect(await screen.findByText(/no longer affiliated with this enterprise: you can read its permits/)).toBeTruthy();
    expect(server.writes()).toHaveLength(1);
  });

  it("shows a contractor on hold the reason and only the actions it still has", async () => {
    const onHold = { ...sent, status: "accepted" as const, actions: ["cancel" as const], contractorOnHold: true };
    permitServer({ permits: [onHold] });
    renderPage(`/supplier/list-permis-sent/${onHold.id}`, { token: supplierToken() });
    expect((await screen.findByTestId("permit-on-hold", {}, { timeout: patient(10_000) })).textContent).toMatch(
      /no longer affiliated with this enterprise, or one of the two accounts is not active/,
    );
    expect(screen.getByRole("button", { name: "Cancel the permit" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start the work" })).toBeNull();
  });

  it("duplicates after a confirmation and opens the copy in the request form", async () => {
    const ended = permit(8, { status: "Ended", documentNumber: "PTW-2026-000008", actions: [], canEdit: false });
    const copy = permit(9);
    const server = permitServer({ permits: [ended, copy] }, ({ method, url }) =>
      method === "POST" && url.endsWith("/duplicate") ? { status: 201, data: { data: copy } } : undefined,
    );
    // Opens another page: the whole app.
    const { router } = renderApp(`/employee/list-permis-sent/${ended.id}`, { token: employeeToken() });
    expect(await screen.findByText("Ended", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(
      within(screen.getByTestId("permit-actions"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Duplicate", "Download PDF"]);
    fireEvent.click(screen.getByRole("button", { name: "Duplicate" }));
    const dialog = await screen.findByRole("dialog", { name: "Duplicate this permit?" });
    expect(server.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Duplicate" }));
    expect(await screen.findByText("Copy made: a new draft")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/employee/list-permis-saved/${copy.id}`));
    // The request form is another lazy page: it may take a while to load on a busy machine.
    expect(await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "POST", url: `/permits/${ended.id}/duplicate` }]);
  });

  it("downloads the PDF in the reader's time zone under its number, and links the public check page", async () => {
    const printable = { ...sent, checkPath: "/check/abc123" };
    const server = permitServer({ permits: [printable] });
    renderPage(`/enterprise/permit/${sent.id}`, { token: enterpriseToken() });
    const check = await screen.findByRole("link", { name: /Public check page/ }, { timeout: patient(10_000) });
    expect(check.getAttribute("href")).toBe("/check/abc123");
    expect(check.getAttribute("target")).toBe("_blank");
    expect(check.getAttribute("rel")).toBe("noopener");
    const downloads = captureDownloads();
    fireEvent.click(screen.getByTestId("permit-pdf"));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe("PTW-2026-000007.pdf");
    const [pdf] = server.gets(`/permits/${sent.id}/pdf`);
    expect(pdf?.params).toEqual({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(pdf?.authorization).toMatch(/^Bearer /);
  });

  it("has no PDF and no check page before the first send", async () => {
    const draft = permit(1, { createdBy: { id: uuid(999), name: "Someone", role: "Enterprise" } });
    permitServer({ permits: [draft] });
    renderPage(`/enterprise/permit/${draft.id}`, { token: enterpriseToken() });
    expect(await screen.findByRole("heading", { name: "Task 1" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.queryByTestId("permit-pdf")).toBeNull();
    expect(screen.queryByTestId("permit-check-link")).toBeNull();
    // Another person's draft: not the caller's to delete.
    expect(screen.queryByTestId("permit-delete")).toBeNull();
  });

  it("deletes the caller's never-sent draft after a confirmation and goes back to the list", async () => {
    const draft = permit(1, {
      internal: true,
      contractor: null,
      createdBy: { id: ENTERPRISE_USER_ID, name: "Eve", role: "Enterprise" },
    });
    const server = permitServer({ permits: [draft] });
    const { router } = renderPage(`/enterprise/permit/${draft.id}`, { token: enterpriseToken() });
    // An internal draft of the principal's staff is edited in the internal permit form.
    const edit = await screen.findByRole("link", { name: "Edit" }, { timeout: patient(10_000) });
    expect(edit.getAttribute("href")).toBe(`/enterprise/i-permit/${draft.id}`);
    fireEvent.click(screen.getByRole("button", { name: "Delete draft" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this draft?" });
    expect(server.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete draft" }));
    expect(await screen.findByText("Draft deleted")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "DELETE", url: `/permits/${draft.id}` }]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/enterprise/permit"));
  });

  it("says so when the permit is not there", async () => {
    permitServer();
    renderPage(`/supplier/list-permis-sent/${uuid(999)}`, { token: supplierToken() });
    expect(await screen.findByTestId("permit-not-found", {}, { timeout: patient(10_000) })).toBeTruthy();
  });
});
