import type { TDeadEnd } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render-app";
import { patient } from "../../../../test/timeouts";
import { manager, orgServer, superToken, uuid } from "../../testing/org-server";

const rita = manager(uuid(40), "Rita Permit");
const tank = { id: uuid(20), name: "Tank farm", number: 3, divisionId: uuid(10) };
const matrix = {
  managers: [{ id: rita.id, name: rita.name, email: rita.email, divisionId: uuid(10) }],
  sectors: [tank],
  cells: [{ managerId: rita.id, sectorId: tank.id, role: "both" as const }],
};
const deadEnd: TDeadEnd = {
  sector: { id: tank.id, name: "Tank farm", divisionId: uuid(10) },
  flow: "verify_and_approve",
  levels: ["Medium", "High"],
  problem: "approverIsOnlyVerifier",
  person: null,
};

describe("the permissions matrix's dead ends", () => {
  it("are warned of on the matrix, and read again once a cell changes", async () => {
    const server = orgServer({ managers: [rita], matrix, deadEnds: [deadEnd] }, ({ method, url }, state) => {
      if (method === "PUT" && url === "/permissions/cell") {
        state.deadEnds = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderPage("/superresponsible/responsable?tab=matrix", { token: superToken() });
    const warning = await screen.findByTestId("dead-end-warnings", {}, { timeout: patient(5000) });
    expect(within(warning).getByText("A permit flow cannot be completed")).toBeTruthy();
    expect(
      within(warning).getByText(
        "Tank farm: its only Approver is its only Verifier, who may not approve what they verified (Medium, High permits).",
      ),
    ).toBeTruthy();
    // On the matrix itself there is no link to it.
    expect(within(warning).queryByRole("link")).toBeNull();
    const cell = (await screen.findByLabelText("Role of Rita Permit in Tank farm")) as HTMLSelectElement;
    fireEvent.change(cell, { target: { value: "verifier" } });
    await waitFor(() => expect(screen.queryByTestId("dead-end-warnings")).toBeNull());
    expect(server.calls.filter((c) => c.url === "/permissions/dead-ends").length).toBeGreaterThan(1);
  });

  it("are warned of on the sectors page with the way to the matrix, and nothing shows when all is well", async () => {
    orgServer({ deadEnds: [{ ...deadEnd, flow: "verify", levels: ["Low"], problem: "noVerifier" }] });
    const { unmount } = renderPage("/superresponsible/zones", { token: superToken() });
    const warning = await screen.findByTestId("dead-end-warnings", {}, { timeout: patient(5000) });
    expect(within(warning).getByText("Tank farm: nobody may verify its permits (Low).")).toBeTruthy();
    const link = within(warning).getByRole("link", { name: "Fix it in the permissions matrix" });
    expect(link.getAttribute("href")).toBe("/superresponsible/responsable?tab=matrix");
    unmount();
    const calm = orgServer();
    renderPage("/superresponsible/zones", { token: superToken() });
    await waitFor(() => expect(calm.calls.some((c) => c.url === "/permissions/dead-ends")).toBe(true));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByTestId("dead-end-warnings")).toBeNull();
  });
});
