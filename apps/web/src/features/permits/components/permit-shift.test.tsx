import { SIGNATURE_DECLARATIONS } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  EMPLOYEE_USER_ID,
  employeeToken,
  NO_SHIFT_ACTIONS,
  permit,
  permitServer,
  RESPONSIBLE_USER_ID,
  responsibleToken,
  uuid,
} from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const EMMA = { id: EMPLOYEE_USER_ID, name: "Emma Stone", role: "Employee" };
const WES = { id: uuid(6), name: "Wes Welder", role: "Employee" };
const EXTENSION_ID = uuid(70);
const HANDOVER_ID = uuid(71);
const inProgress = permit(14, {
  status: "In_progress",
  documentNumber: "PTW-2026-000014",
  actions: ["end", "suspend", "cancel"],
  canEdit: false,
  holder: EMMA,
  shiftStartedAt: "2026-11-20T07:00:00.000Z",
  endAt: "2026-11-20T15:00:00.000Z",
});
const asked = {
  ...inProgress,
  extensions: [
    {
      id: EXTENSION_ID,
      askedBy: EMMA,
      askedAt: "2026-11-20T13:00:00.000Z",
      reason: "Second welding pass",
      oldEndAt: "2026-11-20T15:00:00.000Z",
      newEndAt: "2026-11-20T17:00:00.000Z",
      decision: null,
      decidedBy: null,
      decidedAt: null,
      remark: null,
    },
  ],
};

describe("the permit's holder, extensions and handovers", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lets the holder ask an extension with a new end and a reason", async () => {
    const holding = { ...inProgress, shiftActions: { ...NO_SHIFT_ACTIONS, askExtension: true, startHandover: true } };
    const server = permitServer({ permits: [holding] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [asked];
      return { status: 200, data: { data: asked } };
    });
    renderPage(`/employee/list-permis-sent/${holding.id}`, { token: employeeToken() });
    const section = await screen.findByTestId("permit-shift", {}, { timeout: patient(10_000) });
    expect(within(section).getByTestId("permit-holder").textContent).toContain("Emma Stone");
    fireEvent.click(within(section).getByRole("button", { name: "Ask an extension" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask to extend the permit" });
    fireEvent.change(within(dialog).getByLabelText(/New end/), { target: { value: "2026-11-20T17:00" } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Second welding pass" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ask the extension" }));
    expect(await screen.findByText("Waiting for signature")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { url: `/permits/${holding.id}/extensions`, body: { reason: "Second welding pass" } },
    ]);
  });

  it("lets the approver sign the extension with the declaration and their password", async () => {
    const pending = { ...asked, holder: EMMA, shiftActions: { ...NO_SHIFT_ACTIONS, decideExtension: EXTENSION_ID } };
    const signed = {
      ...asked,
      endAt: "2026-11-20T17:00:00.000Z",
      extensions: [
        {
          ...asked.extensions[0]!,
          decision: "signed" as const,
          decidedBy: { id: RESPONSIBLE_USER_ID, name: "Rita", role: "Responsible" },
          decidedAt: "2026-11-20T13:10:00.000Z",
        },
      ],
    };
    const server = permitServer({ permits: [pending] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [signed];
      return { status: 200, data: { data: signed } };
    });
    renderPage(`/responsible/permit/${pending.id}`, { token: responsibleToken() });
    const section = await screen.findByTestId("permit-shift", {}, { timeout: patient(10_000) });
    expect(within(section).getByText("Reason: Second welding pass")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Sign the extension" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign the extension" });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: SIGNATURE_DECLARATIONS.extend.en }));
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: "Secret123!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign the extension" }));
    expect(await screen.findByText("Signed")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: `/permits/${pending.id}/extensions/${EXTENSION_ID}/sign`,
        body: { password: "Secret123!", declaration: true, language: "en" },
      },
    ]);
  });

  it("shows a handover due as not valid, and lets the incoming holder take over, keeping the crew", async () => {
    const handover = {
      id: HANDOVER_ID,
      from: WES,
      to: EMMA,
      note: "Flange half welded; fire watch in place",
      startedAt: "2026-11-20T14:50:00.000Z",
      acceptedAt: null,
      crewKept: null,
      cancelledAt: null,
      cancelledBy: null,
    };
    const open = {
      ...inProgress,
      holder: WES,
      handoverDue: true,
      handovers: [handover],
      shiftActions: { ...NO_SHIFT_ACTIONS, acceptHandover: HANDOVER_ID, cancelHandover: HANDOVER_ID },
    };
    const taken = {
      ...open,
      holder: EMMA,
      handoverDue: false,
      handovers: [{ ...handover, acceptedAt: "2026-11-20T15:00:00.000Z", crewKept: true }],
      shiftActions: NO_SHIFT_ACTIONS,
    };
    const server = permitServer({ permits: [open] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [taken];
      return { status: 200, data: { data: taken } };
    });
    renderPage(`/employee/list-permis-sent/${open.id}`, { token: employeeToken() });
    const section = await screen.findByTestId("permit-shift", {}, { timeout: patient(10_000) });
    expect(within(section).getByTestId("permit-handover-due-alert").textContent).toContain("Handover due: not valid");
    expect(screen.getByTestId("permit-handover-due")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Take over (sign)" }));
    const dialog = await screen.findByRole("dialog", { name: "Take over the permit" });
    expect(within(dialog).getByText("Flange half welded; fire watch in place")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign and take over" }));
    expect(await within(dialog).findByText("Tick the declaration to go on")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("checkbox", { name: SIGNATURE_DECLARATIONS.handover.en }));
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: "Secret123!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign and take over" }));
    expect(await screen.findByText(/the crew signed on stayed/)).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: `/permits/${open.id}/handovers/${HANDOVER_ID}/accept`,
        body: { keepCrew: true, declaration: true, password: "Secret123!" },
      },
    ]);
  });
});
