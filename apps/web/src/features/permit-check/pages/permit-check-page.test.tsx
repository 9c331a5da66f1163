import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";

const hour = 3600_000;
const check = (overrides: Record<string, unknown> = {}) => ({
  documentNumber: "PTW-2026-000042",
  status: "In_progress",
  startAt: new Date(Date.now() - hour).toISOString(),
  endAt: new Date(Date.now() + hour).toISOString(),
  sector: "Tank farm",
  subSector: "Tank 3",
  enterprise: "Rhône Refinery",
  validNow: true,
  reason: "inProgress",
  awaitingHandBack: false,
  suspendedAt: null,
  signatures: [],
  crewSignedOn: ["Wes Welder", "Emma Stone"],
  checkedAt: new Date().toISOString(),
  ...overrides,
});

describe("permit check page", () => {
  it("shows a valid permit signed out: number, status, VALID NOW in words, period, place, enterprise", async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: check() } }));
    renderPage("/auth/permit-check/tok_abc-123");
    expect((await screen.findByTestId("permit-check-number")).textContent).toBe("PTW-2026-000042");
    expect(calls[0]).toMatchObject({ method: "GET", url: "/public/permit-checks/tok_abc-123", authorization: null });
    expect(screen.getByRole("heading", { level: 1, name: "Permit check" })).toBeTruthy();
    expect(screen.getByText("In progress")).toBeTruthy();
    expect(screen.queryByTestId("permit-check-isolations")).toBeNull();
    const validity = screen.getByTestId("permit-check-validity");
    expect(validity.textContent).toContain("VALID NOW");
    expect(validity.textContent).toContain("work may go on under it");
    expect(validity.querySelector("[data-reason]")?.getAttribute("data-reason")).toBe("inProgress");
    expect(screen.getByText("Tank farm / Tank 3")).toBeTruthy();
    expect(screen.getByText("Rhône Refinery")).toBeTruthy();
    // Who is signed on now, by name only.
    expect(screen.getByTestId("permit-check-crew").textContent).toBe("Signed on nowWes WelderEmma Stone");
    expect(screen.getByText(/^Times in .+ \(this device's time zone\)$/)).toBeTruthy();
    expect(screen.getByText(/^Checked at /)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it("lists who signed, their role, when and the hash's start, a voided one marked, and the awaiting hand-back", async () => {
    const signed = { signedAt: "2026-11-20T08:30:00.000Z", role: "Responsible" };
    fakeApi(() => ({
      status: 200,
      data: {
        data: check({
          awaitingHandBack: true,
          signatures: [
            { ...signed, kind: "verify", signer: "Rita Verifier", hashPrefix: "0a1b2c3d4e5f", voided: true },
            { ...signed, kind: "verify", signer: "Rita Verifier", hashPrefix: "99aa88bb77cc", voided: false },
            { ...signed, kind: "approve", signer: "Albert Approver", hashPrefix: "99aa88bb77cc", voided: false },
          ],
        }),
      },
    }));
    renderPage("/auth/permit-check/tok");
    const rows = await screen.findAllByTestId("permit-check-signature");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain("Verification: Rita Verifier (Permit manager)");
    expect(rows[0]!.textContent).toContain("0a1b2c3d4e5f");
    expect(rows[0]!.textContent).toContain("Voided");
    expect(rows[2]!.textContent).toContain("Approval: Albert Approver");
    expect(rows[2]!.textContent).not.toContain("Voided");
    expect(screen.getByTestId("permit-check-awaiting-hand-back").textContent).toContain("awaiting");
  });

  it("says in words why a permit is not valid now, from the server's reason", async () => {
    fakeApi(() => ({
      status: 200,
      data: { data: check({ status: "Canceled", validNow: false, reason: "cancelled" }) },
    }));
    renderPage("/auth/permit-check/tok");
    const validity = await screen.findByTestId("permit-check-validity");
    expect(validity.textContent).toContain("NOT VALID NOW");
    expect(validity.textContent).toContain("This permit was cancelled");
    expect(screen.getByText("Cancelled")).toBeTruthy();
  });

  it.each([
    ["notAccepted", "Approved", "has not accepted its conditions"],
    ["beforeWindow", "accepted", "its period has not started yet"],
    ["overdue", "In_progress", "OVERDUE"],
    ["rejected", "Failed", "was rejected"],
    ["suspended", "In_progress", "SUSPENDED: the work under this permit has been stopped"],
    ["gasRetestDue", "In_progress", "GAS RE-TEST DUE"],
    ["handoverDue", "In_progress", "HANDOVER DUE: the work has run longer than a shift"],
  ])("words the reason %s", async (reason, status, words) => {
    fakeApi(() => ({ status: 200, data: { data: check({ status, validNow: false, reason }) } }));
    renderPage("/auth/permit-check/tok");
    expect((await screen.findByTestId("permit-check-validity")).textContent).toContain(words);
  });

  it("gives the latest gas test's verdict and time, where the work type requires one", async () => {
    const at = new Date().toISOString();
    fakeApi(() => ({ status: 200, data: { data: check({ lastGasTest: { passed: false, at } }) } }));
    renderPage("/auth/permit-check/tok");
    expect((await screen.findByTestId("permit-check-gas-test")).textContent).toMatch(/^Latest gas testFAILED on /);
  });

  it("names the holder now, the signed extensions and the recorded handovers", async () => {
    const at = new Date().toISOString();
    const check_ = check({
      holder: "Wes Welder",
      extensions: [{ oldEndAt: at, newEndAt: at, signedAt: at }],
      handovers: [{ from: "Emma Stone", to: "Wes Welder", at }],
    });
    fakeApi(() => ({ status: 200, data: { data: check_ } }));
    renderPage("/auth/permit-check/tok");
    const shift = await screen.findByTestId("permit-check-shift");
    expect(shift.textContent).toContain("Permit holder");
    expect(shift.textContent).toContain("Wes Welder");
    expect(screen.getByTestId("permit-check-extensions").textContent).toContain("End extended from");
    expect(screen.getByTestId("permit-check-handovers").textContent).toContain(
      "Handed over from Emma Stone to Wes Welder",
    );
  });

  it("shows since when a suspended permit is suspended", async () => {
    const check_ = check({ validNow: false, reason: "suspended", suspendedAt: new Date().toISOString() });
    fakeApi(() => ({ status: 200, data: { data: check_ } }));
    renderPage("/auth/permit-check/tok");
    expect((await screen.findByTestId("permit-check-suspended")).textContent).toContain("Suspended since");
    expect(screen.getByTestId("permit-check-validity").textContent).toContain("NOT VALID NOW");
  });

  it("shows an expired permit as Expired, not Cancelled", async () => {
    fakeApi(() => ({ status: 200, data: { data: check({ status: "Canceled", validNow: false, reason: "expired" }) } }));
    renderPage("/auth/permit-check/tok");
    expect((await screen.findByTestId("permit-check-validity")).textContent).toContain("This permit expired");
    expect(screen.getByText("Expired")).toBeTruthy();
  });

  it("tells that an unknown code matches no permit", async () => {
    fakeApi(() => apiError(404, "NOT_FOUND"));
    renderPage("/auth/permit-check/wrong");
    expect(await screen.findByText("This permit does not exist or its code is wrong")).toBeTruthy();
    expect(screen.queryByTestId("permit-check-number")).toBeNull();
  });

  it("lists the isolations the permit needs and where each stands", async () => {
    fakeApi(() => ({
      status: 200,
      data: {
        data: check({
          isolations: [
            { tag: "EV-101", equipment: "Feed pump", state: "proven" },
            { tag: "MV-7", equipment: "Inlet valve", state: "applied" },
          ],
        }),
      },
    }));
    renderPage("/auth/permit-check/tok_abc-123");
    const rows = await screen.findAllByTestId("permit-check-isolation");
    expect(rows.map((row) => row.textContent)).toEqual([
      "EV-101Feed pumpApplied and proven",
      "MV-7Inlet valveApplied, not proven",
    ]);
  });
});
