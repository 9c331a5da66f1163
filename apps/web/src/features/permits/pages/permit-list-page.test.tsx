import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { permit, permitServer, supplierToken } from "../testing/permit-server";

describe("saved and sent permits", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists drafts and rechecks with a link to the form, filters by status on the server", async () => {
    const draft = permit(1);
    const recheck = permit(2, { status: "Recheck", documentNumber: "PTW-2026-000002", remark: "Add the gas test" });
    const server = permitServer({ permits: [draft, recheck, permit(3, { status: "sended" })] });
    renderPage("/supplier/list-permis-saved", { token: supplierToken() });
    const link = await screen.findByRole("link", { name: "Task 1" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/supplier/list-permis-saved/${draft.id}`);
    const rows = screen.getAllByTestId("permit-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Draft")).toBeTruthy();
    expect(within(rows[0]!).getByText("Saved")).toBeTruthy();
    expect(within(rows[0]!).getByText(/Tank farm/)).toBeTruthy();
    expect(within(rows[1]!).getByText("PTW-2026-000002")).toBeTruthy();
    expect(within(rows[1]!).getByText("Recheck")).toBeTruthy();
    expect(server.gets("/permits").at(-1)?.params).toMatchObject({ view: "saved", page: 1 });
    expect(screen.getByRole("link", { name: "Create a request" }).getAttribute("href")).toBe(
      "/supplier/list-permis-saved/new",
    );

    fireEvent.click(screen.getByLabelText("Status", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Recheck" }));
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(1));
    expect(server.gets("/permits").at(-1)?.params).toMatchObject({ view: "saved", status: "Recheck" });
  });

  it("shows sent permits with their number, status and criticality in its colour, linking to their page", async () => {
    const sent = permit(3, {
      status: "Confirmed",
      documentNumber: "PTW-2026-000003",
      criticality: { name: "High", colour: "#fd7e14", flow: "verify_and_approve" },
    });
    permitServer({ permits: [permit(1), sent] });
    renderPage("/supplier/list-permis-sent", { token: supplierToken() });
    const link = await screen.findByRole("link", { name: "Task 3" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/supplier/list-permis-sent/${sent.id}`);
    const [row] = screen.getAllByTestId("permit-row");
    expect(within(row!).getByText("Verified")).toBeTruthy();
    expect(within(row!).getByTestId("criticality-badge").getAttribute("data-colour")).toBe("#fd7e14");
    expect(screen.queryByRole("link", { name: "Create a request" })).toBeNull();
  });

  it("says what to do when there is nothing yet", async () => {
    permitServer();
    renderPage("/supplier/list-permis-saved", { token: supplierToken() });
    expect(await screen.findByText("No saved permit", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(within(screen.getByTestId("empty-state")).getByRole("link", { name: "Create a request" })).toBeTruthy();
  });

  it("says where sent permits come from when there are none", async () => {
    permitServer();
    renderPage("/supplier/list-permis-sent", { token: supplierToken() });
    expect(await screen.findByText("No permit sent yet", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to saved permits" }).getAttribute("href")).toBe(
      "/supplier/list-permis-saved",
    );
  });
});
