import type { TPermitClashes } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { employeeToken, permit, permitServer, uuid, WINDOW } from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const OTHER = {
  status: "Approved" as const,
  ...WINDOW,
  sectorName: "Tank farm",
  subSectorName: "Tank T-7",
  workTypeName: "Confined space entry",
};
const CLASHES: TPermitClashes = {
  clashes: [
    {
      permit: { id: uuid(40), documentNumber: "PTW-2026-000040", taskTitle: "Enter tank T-7", ...OTHER },
      rules: ["samePlace"],
    },
    // Another contractor's permit: shown without its id, so without a link.
    {
      permit: { id: null, documentNumber: "PTW-2026-000041", taskTitle: "Gas-free line 4", ...OTHER },
      rules: ["incompatibleWork", "sharedIsolation"],
    },
  ],
  acknowledgements: [
    {
      id: uuid(42),
      step: "send",
      otherPermit: { id: uuid(40), documentNumber: "PTW-2026-000040", taskTitle: "Enter tank T-7" },
      rules: ["samePlace"],
      remark: "The entry waits for the end of the welding",
      by: { id: uuid(43), name: "Emma Stone" },
      at: "2026-11-20T08:00:00.000Z",
    },
  ],
};
const rechecked = permit(30, {
  status: "Recheck",
  documentNumber: "PTW-2026-000030",
  actions: ["send", "cancel"],
  ...WINDOW,
});

describe("the permit's clashes", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists the clashes now, linked when the reader may open them, and the acknowledgements", async () => {
    permitServer({ permits: [rechecked], clashes: { [rechecked.id]: CLASHES } });
    renderPage(`/employee/list-permis-sent/${rechecked.id}`, { token: employeeToken() });
    const section = await screen.findByTestId("permit-clashes", {}, { timeout: patient(10_000) });
    const [mine, theirs] = within(section).getAllByTestId("permit-clash");
    expect(mine!.textContent).toContain("Enter tank T-7");
    expect(mine!.textContent).toContain("Same place");
    expect(within(mine!).getByRole("link", { name: "Open permit PTW-2026-000040" })).toBeTruthy();
    expect(theirs!.textContent).toContain("Incompatible work in the sector");
    expect(theirs!.textContent).toContain("Shared isolation");
    expect(within(theirs!).queryByRole("link")).toBeNull();
    expect(within(section).getByTestId("permit-clash-acknowledgements").textContent).toContain(
      "The entry waits for the end of the welding",
    );
  });

  it("sends only once each clash has its remark, naming each by its number", async () => {
    const server = permitServer(
      { permits: [rechecked], clashes: { [rechecked.id]: CLASHES } },
      ({ method, body }, state) => {
        if (method !== "POST") return undefined;
        const given = (body as { clashAcknowledgements?: unknown[] }).clashAcknowledgements ?? [];
        if (given.length < 2) return apiError(409, "CLASHES_UNACKNOWLEDGED", { clashes: "clashesUnacknowledged" });
        state.permits = [{ ...rechecked, status: "sended", actions: [] }];
        return { status: 200, data: { data: state.permits[0] } };
      },
    );
    renderPage(`/employee/list-permis-sent/${rechecked.id}`, { token: employeeToken() });
    fireEvent.click(await screen.findByTestId("permit-action-send", {}, { timeout: patient(10_000) }));
    const dialog = await screen.findByTestId("clash-send-dialog");
    const first = await within(dialog).findByLabelText(/How is the work coordinated with PTW-2026-000040/);
    fireEvent.change(first, { target: { value: "Entry after the welding" } });
    fireEvent.click(within(dialog).getByTestId("clash-send-confirm"));
    expect(await within(dialog).findByText("Say how the work is coordinated with this permit")).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/How is the work coordinated with PTW-2026-000041/), {
      target: { value: "Line 4 stays closed" },
    });
    fireEvent.click(within(dialog).getByTestId("clash-send-confirm"));
    expect(await screen.findByText("Permit registered")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: `/permits/${rechecked.id}/send`,
        body: {
          clashAcknowledgements: [
            { documentNumber: "PTW-2026-000040", remark: "Entry after the welding" },
            { documentNumber: "PTW-2026-000041", remark: "Line 4 stays closed" },
          ],
        },
      },
    ]);
  });
});
