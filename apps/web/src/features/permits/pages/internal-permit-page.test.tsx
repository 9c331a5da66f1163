import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  ENTERPRISE_USER_ID,
  enterpriseToken,
  HOT_WORK,
  MATRIX,
  permit,
  permitServer,
  REFINERY,
  RESPONSIBLE_USER_ID,
  responsibleToken,
  TANK_FARM,
} from "../testing/permit-server";

const input = (label: string) => {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return screen.getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`), { selector: "input, textarea" });
};
async function choose(label: string, option: string) {
  fireEvent.click(input(label));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

/** An internal draft complete enough to be sent. */
const internalDraft = (createdBy: { id: string; name: string; role: string }, fields = {}) =>
  permit(1, {
    internal: true,
    contractor: null,
    createdBy,
    probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
    severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
    ...fields,
  });

describe("internal permits", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("creates one for the caller's own enterprise (no principal to pick) and keeps the form when saved", async () => {
    const server = permitServer();
    const { router } = renderApp("/enterprise/i-permit", { token: enterpriseToken() });
    expect(
      await screen.findByRole("heading", { name: "Create an internal permit" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect((screen.getByTestId("permit-own-enterprise") as HTMLInputElement).value).toBe(REFINERY.name);
    expect(screen.queryByTestId("permit-principal")).toBeNull();

    await choose("Sector", `7 · ${TANK_FARM.name} (North Plant)`);
    await choose("Work type", HOT_WORK.name);
    fireEvent.change(input("Task title"), { target: { value: "Inspect the boiler" } });
    const form = screen.getByTestId("permit-form");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        method: "POST",
        url: "/permits",
        body: {
          enterpriseId: REFINERY.id,
          sectorId: TANK_FARM.id,
          workTypeId: HOT_WORK.id,
          taskTitle: "Inspect the boiler",
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/enterprise/i-permit/${permit(1).id}`));
    // The same form stays on screen (its uploads too); the next save updates the draft.
    expect(screen.getByTestId("permit-form")).toBe(form);
    expect((input("Task title") as HTMLInputElement).value).toBe("Inspect the boiler");
    // The sources are read for the caller's own enterprise; contractors' principals are never asked for.
    expect(server.gets("/sectors").at(-1)?.params).toMatchObject({ enterpriseId: REFINERY.id });
    expect(server.gets("/principals")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]).toMatchObject({ method: "PATCH", url: `/permits/${permit(1).id}` });
  });

  it("lets a Responsible send its internal recheck again, then shows the permit", async () => {
    const recheck = internalDraft(
      { id: RESPONSIBLE_USER_ID, name: "Rita", role: "Responsible" },
      { status: "Recheck", documentNumber: "PTW-2026-000001", remark: "Add the gas test", actions: ["send"] },
    );
    const server = permitServer({ permits: [recheck] }, ({ method, url }, state) => {
      if (method !== "POST" || !url.endsWith("/send")) return undefined;
      const sent = { ...recheck, status: "sended" as const, actions: [], canEdit: false };
      state.permits = [sent];
      return { status: 200, data: { data: sent } };
    });
    const { router } = renderApp(`/responsible/i-permit/${recheck.id}`, { token: responsibleToken() });
    expect(
      await screen.findByRole("heading", { name: "Edit the internal permit" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(screen.getByText("Add the gas test")).toBeTruthy();
    await waitFor(() => expect((input("Task title") as HTMLInputElement).value).toBe("Task 1"));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/responsible/permit/${recheck.id}`));
    expect(server.writes().map((call) => [call.method, call.url])).toEqual([
      ["PATCH", `/permits/${recheck.id}`],
      ["POST", `/permits/${recheck.id}/send`],
    ]);
    expect(server.writes()[0]?.body).toMatchObject({ enterpriseId: REFINERY.id });
  });

  it("shows a contractor's permit read only in the internal form's place", async () => {
    const contractors = permit(2, { canEdit: true });
    permitServer({ permits: [contractors] });
    renderApp(`/enterprise/i-permit/${contractors.id}`, { token: enterpriseToken() });
    expect(await screen.findByRole("heading", { name: "Task 2" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.queryByTestId("permit-form")).toBeNull();
  });

  it("opens the internal form from the list's button", async () => {
    permitServer({ permits: [internalDraft({ id: ENTERPRISE_USER_ID, name: "Eve", role: "Enterprise" })] });
    renderApp("/enterprise/permit", { token: enterpriseToken() });
    const create = await screen.findByRole("link", { name: "Create an internal permit" }, { timeout: patient(10_000) });
    expect(create.getAttribute("href")).toBe("/enterprise/i-permit");
  });
});
