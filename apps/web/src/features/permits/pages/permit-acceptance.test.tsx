import { ACCEPTANCE_DECLARATION } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { permit, permitServer, supplierToken, uuid } from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const approved = permit(12, {
  status: "Approved",
  documentNumber: "PTW-2026-000012",
  actions: ["accept", "cancel"],
  canEdit: false,
  risks: [{ id: uuid(60), name: "Burns", critical: true }],
  specificRisks: [
    {
      id: uuid(61),
      name: "Confined space",
      logogramUrl: null,
      trainingUrl: "https://example.com/confined-space",
      procedures: [
        { name: "Entry procedure", url: "https://example.com/entry", kind: "link" },
        { name: "Rescue plan.pdf", url: `/api/specific-risks/${uuid(61)}/files/${uuid(63)}`, kind: "file" },
      ],
    },
  ],
  epis: [{ id: uuid(62), name: "Welding mask", nameFr: "Masque de soudeur", iconUrl: null }],
});

describe("the holder's acceptance and the start", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("shows the conditions and the declaration, and accepts only once it is ticked", async () => {
    const server = permitServer({ permits: [approved] }, ({ method }) =>
      method === "POST"
        ? { status: 200, data: { data: { ...approved, status: "accepted", actions: ["start", "cancel"] } } }
        : undefined,
    );
    renderPage(`/supplier/list-permis-sent/${approved.id}`, { token: supplierToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Accept the conditions" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Accept the conditions" });
    const conditions = within(dialog).getByTestId("permit-conditions");
    for (const text of ["Burns (critical)", "Confined space", "Welding mask", "Fire watch posted", "Gas test done"]) {
      expect(conditions.textContent).toContain(text);
    }
    const training = within(conditions).getByRole("link", { name: "Training for Confined space" });
    expect(training.getAttribute("href")).toBe("https://example.com/confined-space");
    const procedure = within(conditions).getByRole("link", { name: "Entry procedure" });
    expect(procedure.getAttribute("href")).toBe("https://example.com/entry");
    // A procedure file is the enterprise's: downloaded through the API with the reader's token.
    fireEvent.click(within(conditions).getByRole("button", { name: "Download Rescue plan.pdf" }));
    await waitFor(() => expect(server.gets(`/specific-risks/${uuid(61)}/files/${uuid(63)}`)).toHaveLength(1));
    const declaration = within(dialog).getByRole("checkbox", { name: ACCEPTANCE_DECLARATION.en });

    const confirm = within(dialog).getByRole("button", { name: "Accept the conditions" });
    expect(within(dialog).getByText("Tick the declaration to go on")).toBeTruthy();
    expect(confirm.hasAttribute("disabled")).toBe(true);
    fireEvent.click(confirm);
    expect(server.writes()).toHaveLength(0);

    fireEvent.click(declaration);
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept the conditions" }));
    expect(await screen.findByText("Permit accepted")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/permits/${approved.id}/accept`, body: { declaration: true } }]);
  });

  it("confirms the start, showing the window and the precautions", async () => {
    const accepted = { ...approved, status: "accepted" as const, actions: ["start" as const, "cancel" as const] };
    const server = permitServer({ permits: [accepted] }, ({ method }) =>
      method === "POST"
        ? { status: 200, data: { data: { ...accepted, status: "In_progress", actions: [] } } }
        : undefined,
    );
    renderPage(`/supplier/list-permis-sent/${accepted.id}`, { token: supplierToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Start the work" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Start the work?" });
    expect(within(dialog).getByTestId("start-window").textContent).toMatch(/^This permit is valid from .+ to .+\./);
    expect(within(dialog).getByText(/every precaution of the permit is in place/)).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Start the work" }));
    expect(await screen.findByText("Work started")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ url: `/permits/${accepted.id}/start` }]);
  });

  it("shows an overdue permit with its badge and who accepted the conditions", async () => {
    const overdue = {
      ...approved,
      status: "In_progress" as const,
      actions: [],
      overdue: true,
      acceptedBy: { id: uuid(5), name: "Sam", role: "Supplier" },
      acceptedAt: "2026-11-20T09:00:00.000Z",
    };
    permitServer({ permits: [overdue] });
    renderPage(`/supplier/list-permis-sent/${overdue.id}`, { token: supplierToken() });
    expect((await screen.findByTestId("permit-overdue", undefined, { timeout: patient(10_000) })).textContent).toBe(
      "Overdue",
    );
    expect(screen.getByTestId("permit-accepted-by").textContent).toMatch(/^Sam · /);
  });

  it("shows an expired permit as Expired, its expiry in the history by the scheduler", async () => {
    const expired = { ...approved, status: "Canceled" as const, actions: [], expired: true };
    const history = [
      {
        id: uuid(700),
        action: "expire" as const,
        fromStatus: "Approved" as const,
        toStatus: "Canceled" as const,
        at: "2026-11-21T15:01:00.000Z",
        actor: null,
        remark: "Expired: the period of validity passed before the work started",
        rerate: null,
      },
    ];
    permitServer({ permits: [expired], history: { [expired.id]: history } });
    renderPage(`/supplier/list-permis-sent/${expired.id}`, { token: supplierToken() });
    const event = await screen.findByText("Expired (window passed before the start)", undefined, {
      timeout: patient(10_000),
    });
    expect(event).toBeTruthy();
    expect(screen.getByText(/automatically, by the scheduler/)).toBeTruthy();
    expect(screen.getAllByText("Expired").length).toBeGreaterThan(0);
  });
});
