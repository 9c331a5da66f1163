import { CREW_SIGN_ON_DECLARATION } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  crewMember,
  EMPLOYEE_USER_ID,
  employeeToken,
  permit,
  permitServer,
  supplierToken,
  uuid,
} from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const WELDER = uuid(6);
const accepted = permit(12, {
  status: "accepted",
  documentNumber: "PTW-2026-000012",
  actions: ["start", "cancel"],
  canEdit: false,
  crew: [crewMember(EMPLOYEE_USER_ID), crewMember(WELDER, "2026-11-20T08:30:00.000Z")],
  crewActions: { change: false, signOn: [EMPLOYEE_USER_ID], signOff: [] },
});

describe("the permit's crew", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lets a worker sign themselves on after reading the conditions and ticking the declaration", async () => {
    const signedOn = {
      ...accepted,
      crew: [crewMember(EMPLOYEE_USER_ID, "2026-11-20T09:00:00.000Z"), accepted.crew[1]!],
      crewActions: { change: false, signOn: [], signOff: [EMPLOYEE_USER_ID] },
    };
    const server = permitServer({ permits: [accepted] }, ({ method }, state) => {
      if (method !== "POST") return undefined;
      state.permits = [signedOn];
      return { status: 200, data: { data: signedOn } };
    });
    renderPage(`/employee/list-permis-sent/${accepted.id}`, { token: employeeToken() });
    const crew = await screen.findByTestId("permit-crew", {}, { timeout: patient(10_000) });
    const me = within(crew).getByTestId(`crew-member-${EMPLOYEE_USER_ID}`);
    expect(within(me).getByText("Not signed on")).toBeTruthy();
    expect(within(within(crew).getByTestId(`crew-member-${WELDER}`)).getByText("Signed on")).toBeTruthy();
    fireEvent.click(within(me).getByRole("button", { name: "Sign me on" }));
    const dialog = await screen.findByRole("dialog", { name: /^Sign Emma Stone on/ });
    const confirm = within(dialog).getByRole("button", { name: "Sign on" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: CREW_SIGN_ON_DECLARATION.en }));
    fireEvent.click(confirm);
    expect(
      await within(await screen.findByTestId(`crew-member-${EMPLOYEE_USER_ID}`)).findByText("Signed on"),
    ).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { url: `/permits/${accepted.id}/crew/${EMPLOYEE_USER_ID}/sign-on`, body: { declaration: true, language: "en" } },
    ]);
  });

  it("says a start is refused for want of a signed-on worker, and lets the holder sign a worker off", async () => {
    const holding = {
      ...accepted,
      crew: [crewMember(WELDER, "2026-11-20T08:30:00.000Z")],
      crewActions: { change: true, signOn: [], signOff: [WELDER] },
    };
    const off = {
      ...holding,
      crew: [crewMember(WELDER)],
      crewActions: { change: true, signOn: [WELDER], signOff: [] },
    };
    const server = permitServer({ permits: [holding] }, ({ method, url }, state) => {
      if (method !== "POST") return undefined;
      if (url.endsWith("/start")) return apiError(400, "VALIDATION_FAILED", { crew: "crewNotSignedOn" });
      state.permits = [off];
      return { status: 200, data: { data: off } };
    });
    renderPage(`/supplier/list-permis-sent/${holding.id}`, { token: supplierToken() });
    const crew = await screen.findByTestId("permit-crew", {}, { timeout: patient(10_000) });
    expect(within(crew).getByRole("button", { name: "Change the crew" })).toBeTruthy();
    fireEvent.click(within(crew).getByRole("button", { name: "Sign off" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign Wes Welder off?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign off" }));
    expect(await within(crew).findByText("Not signed on")).toBeTruthy();
    expect(server.writes().at(-1)).toMatchObject({ url: `/permits/${holding.id}/crew/${WELDER}/sign-off` });

    fireEvent.click(screen.getByRole("button", { name: "Start the work" }));
    const start = await screen.findByRole("dialog", { name: /start/i });
    fireEvent.click(within(start).getByRole("button", { name: "Start the work" }));
    expect(await within(start).findByText(/Sign on at least one crew member/)).toBeTruthy();
  });

  it("says when nobody is named yet", async () => {
    const none = { ...accepted, crew: [], crewActions: { change: true, signOn: [], signOff: [] } };
    permitServer({ permits: [none] });
    renderPage(`/supplier/list-permis-sent/${none.id}`, { token: supplierToken() });
    expect(await screen.findByTestId("crew-empty", {}, { timeout: patient(10_000) })).toBeTruthy();
  });
});
