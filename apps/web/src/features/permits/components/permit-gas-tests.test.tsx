import type { TGasTest, TPermitGasTests } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { employeeToken, permit, permitServer, uuid } from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const GASES: TPermitGasTests["gases"] = [
  { id: uuid(81), name: "O₂", unit: "%", lowLimit: 19.5, highLimit: 23.5 },
  { id: uuid(82), name: "H₂S", unit: "ppm", lowLimit: null, highLimit: 5 },
];
const FAILED: TGasTest = {
  id: uuid(90),
  testedAt: "2026-11-20T09:00:00.000Z",
  testedBy: { id: uuid(5), name: "Emma Stone" },
  instrumentId: "GX-41",
  calibratedOn: "2026-11-01",
  passed: false,
  readings: [
    { gasId: uuid(81), name: "O₂", unit: "%", lowLimit: 19.5, highLimit: 23.5, value: 20.9, passed: true },
    { gasId: uuid(82), name: "H₂S", unit: "ppm", lowLimit: null, highLimit: 5, value: 7, passed: false },
  ],
};
const accepted = permit(14, {
  status: "accepted",
  documentNumber: "PTW-2026-000014",
  actions: ["start", "cancel"],
  canEdit: false,
  gasTest: { retestMinutes: 120, last: null, dueAt: null, overdue: false },
});
const gasTestsUrl = `/permits/${accepted.id}/gas-tests`;

describe("the permit's gas tests", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("says the work needs a test, records one and shows the server's verdict gas by gas", async () => {
    let tests: TGasTest[] = [];
    const server = permitServer({ permits: [accepted] }, ({ method, url }) => {
      if (url !== gasTestsUrl) return undefined;
      if (method === "POST") tests = [FAILED];
      return { status: method === "POST" ? 201 : 200, data: { data: { tests, gases: GASES, canRecord: true } } };
    });
    renderPage(`/employee/list-permis-sent/${accepted.id}`, { token: employeeToken() });
    const section = await screen.findByTestId("permit-gas-tests", {}, { timeout: patient(10_000) });
    expect(within(section).getByTestId("gas-test-needed").textContent).toContain("120 min");
    fireEvent.click(await within(section).findByRole("button", { name: "Record a gas test" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a gas test" });
    const submit = within(dialog).getByRole("button", { name: "Record the test" });
    expect(submit.hasAttribute("disabled")).toBe(true);
    expect(within(dialog).getByText("≥ 19.5 and < 23.5 %")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Instrument id/), { target: { value: "GX-41" } });
    fireEvent.change(within(dialog).getByLabelText(/O₂ \(%\)/), { target: { value: "20.9" } });
    fireEvent.change(within(dialog).getByLabelText(/H₂S \(ppm\)/), { target: { value: "7" } });
    fireEvent.click(submit);
    const verdict = await screen.findByTestId("gas-test-verdict");
    expect(within(within(verdict).getByTestId("gas-verdict-H₂S")).getByText("Failed")).toBeTruthy();
    expect(within(within(verdict).getByTestId("gas-verdict-O₂")).getByText("Passed")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: gasTestsUrl,
        body: {
          instrumentId: "GX-41",
          readings: [
            { gasId: uuid(81), value: 20.9 },
            { gasId: uuid(82), value: 7 },
          ],
        },
      },
    ]);
  });

  it("marks an overdue re-test and lists the tests with their readings, with no button for who may not test", async () => {
    const working = permit(15, {
      status: "In_progress",
      documentNumber: "PTW-2026-000015",
      canEdit: false,
      gasTest: {
        retestMinutes: 60,
        last: { at: FAILED.testedAt, passed: true },
        dueAt: "2026-11-20T10:00:00.000Z",
        overdue: true,
      },
    });
    permitServer({ permits: [working] }, ({ url }) =>
      url === `/permits/${working.id}/gas-tests`
        ? { status: 200, data: { data: { tests: [{ ...FAILED, passed: true }], gases: GASES, canRecord: false } } }
        : undefined,
    );
    renderPage(`/employee/list-permis-sent/${working.id}`, { token: employeeToken() });
    const section = await screen.findByTestId("permit-gas-tests", {}, { timeout: patient(10_000) });
    expect(within(section).getByTestId("gas-test-overdue")).toBeTruthy();
    expect(await screen.findByTestId("permit-gas-retest-due")).toBeTruthy();
    const history = await within(section).findByTestId("gas-test-history");
    expect(within(history).getByText("H₂S 7 ppm")).toBeTruthy();
    // It scrolls sideways on a phone: a keyboard stop of its own, named.
    const scroller = within(section).getByRole("region", { name: "Tests recorded" });
    expect(scroller.getAttribute("tabindex")).toBe("0");
    expect(scroller.contains(history)).toBe(true);
    expect(within(section).queryByRole("button", { name: "Record a gas test" })).toBeNull();
  });

  it("words the reason of a suspension by a failing re-test from the test's readings, in the reader's language", async () => {
    const stopped = permit(16, {
      status: "In_progress",
      documentNumber: "PTW-2026-000016",
      canEdit: false,
      suspension: {
        by: { id: uuid(5), name: "Emma Stone", role: "Employee" },
        at: FAILED.testedAt,
        reason: "Gas test failed: H₂S read 7 ppm (limit < 5 ppm)",
        emergencyId: null,
      },
      gasTest: { retestMinutes: 60, last: { at: FAILED.testedAt, passed: false }, dueAt: null, overdue: false },
    });
    permitServer({ permits: [stopped] }, ({ url }) =>
      url === `/permits/${stopped.id}/gas-tests`
        ? { status: 200, data: { data: { tests: [FAILED], gases: GASES, canRecord: false } } }
        : undefined,
    );
    renderPage(`/employee/list-permis-sent/${stopped.id}`, { token: employeeToken() });
    const banner = await screen.findByTestId("permit-suspension", {}, { timeout: patient(10_000) });
    // Worded by the web app (the English of the server's stored reason is not what the reader sees).
    await waitFor(() =>
      expect(banner.textContent).toContain("Reason: a gas test failed: H₂S read 7 ppm (limit < 5 ppm)"),
    );
    expect(banner.textContent).not.toContain("Gas test failed");
    expect(banner.textContent).not.toContain("O₂");
  });
});
