import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api";
import { patient } from "../../test/timeouts";
import { PermitSettingsSection } from "./components/permit-settings-section";
import { renderCompany } from "./testing/render-company";

const DEFAULTS = {
  startGraceMinutes: 15,
  overdueEscalationGraceMinutes: 30,
  waitingEscalationDelayMinutes: 240,
  permitsPerWorker: 1,
};

function serve(answer?: (body: unknown) => { status: number; data?: unknown }) {
  const calls = fakeApi((request) => {
    if (request.url !== "/enterprise/permit-settings") return { status: 404 };
    if (request.method === "PUT") return answer?.(request.body) ?? { status: 200, data: { data: request.body } };
    return { status: 200, data: { data: DEFAULTS } };
  });
  return { saves: () => calls.filter((c) => c.method === "PUT") };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save the settings" }));

describe("the enterprise's permit validity settings", { timeout: patient(20_000) }, () => {
  it("shows the current values with their ranges and saves the changed ones", async () => {
    const server = serve();
    renderCompany(<PermitSettingsSection />);
    await screen.findByRole("form", { name: "Permit validity" }, { timeout: patient(10_000) });
    expect(field("Start grace").value).toBe("15 min");
    expect(screen.getByText("Minutes, from 15 to 10080")).toBeTruthy();
    type("Overdue work escalated after", "45");
    save();
    expect(await screen.findByText("Permit validity settings saved")).toBeTruthy();
    expect(server.saves()).toMatchObject([{ body: { ...DEFAULTS, overdueEscalationGraceMinutes: 45 } }]);
  });

  it("refuses a value out of range on its field and sends nothing", async () => {
    const server = serve();
    renderCompany(<PermitSettingsSection />);
    await screen.findByRole("form", { name: "Permit validity" }, { timeout: patient(10_000) });
    type("Waiting permits escalated after", "5");
    save();
    expect(await screen.findByText("Outside the allowed range")).toBeTruthy();
    expect(server.saves()).toEqual([]);
  });

  it("shows the server's refusal on its field", async () => {
    serve(() => apiError(400, "VALIDATION_FAILED", { startGraceMinutes: "outOfRange" }));
    renderCompany(<PermitSettingsSection />);
    await screen.findByRole("form", { name: "Permit validity" }, { timeout: patient(10_000) });
    type("Start grace", "20");
    save();
    expect(await screen.findByText("Outside the allowed range")).toBeTruthy();
  });
});
