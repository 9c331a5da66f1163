import { addDays, dayIn, type TDashboard, type TEmergency } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deviceTimeZone } from "../../../../lib/time-zone";
import { renderPage } from "../../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../../test/timeouts";
import { NORTH, orgServer, sector, superToken, uuid } from "../../testing/org-server";

const today = dayIn(new Date(), deviceTimeZone());
const dashboard: TDashboard = {
  side: "principal",
  today,
  recentSince: addDays(today, -6),
  figures: {
    waitingForMe: 0,
    awaitingReview: 0,
    inProgress: 2,
    startingToday: 0,
    overdue: 0,
    recentRechecks: 0,
    contractors: 1,
    creditsRemaining: 12,
  },
};
const jetty = sector(uuid(20), "Jetty", 4);
const declared = (overrides: Partial<TEmergency> = {}): TEmergency => ({
  id: uuid(70),
  division: { id: NORTH, name: "North Plant" },
  sector: { id: jetty.id, name: "Jetty", number: 4 },
  reason: "Fire on the jetty",
  declaredBy: { id: uuid(2), name: "Sam", role: "SuperResponsible" },
  declaredAt: "2026-11-20T09:00:00.000Z",
  suspendedCount: 3,
  liftedBy: null,
  liftedAt: null,
  liftRemark: null,
  canLift: true,
  ...overrides,
});

function server(emergencies: TEmergency[]) {
  return orgServer({ sectors: [jetty] }, ({ method, url }) => {
    if (url === "/dashboard") return { status: 200, data: { data: dashboard } };
    if (url === "/permits") return { status: 200, data: { data: [], page: 1, pageSize: 50, total: 0 } };
    if (method === "GET" && url === "/emergencies") return { status: 200, data: { data: emergencies } };
    if (method === "POST" && url === "/emergencies") {
      emergencies.unshift(declared());
      return { status: 201, data: { data: declared() } };
    }
    if (method === "POST" && url.endsWith("/lift")) {
      const lifted = declared({ liftedAt: "2026-11-20T10:00:00.000Z", canLift: false });
      emergencies.splice(0, emergencies.length, lifted);
      return { status: 200, data: { data: lifted } };
    }
    return undefined;
  });
}

describe("the emergency stop on the dashboard", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("asks where, why and a confirming tick before stopping all work there", async () => {
    const api = server([]);
    renderPage("/superresponsible/default", { token: superToken() });
    fireEvent.click(await screen.findByTestId("emergency-declare", {}, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Declare an emergency stop?" });
    const confirm = within(dialog).getByRole("button", { name: "Stop all work" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Reason/ }), {
      target: { value: "Fire on the jetty" },
    });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "I confirm: all work there stops now" }));
    expect(api.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop all work" }));
    expect(await screen.findByText("Emergency declared: 3 permits suspended")).toBeTruthy();
    // Its own division; the whole of it unless a sector is chosen.
    expect(api.writes()).toMatchObject([
      { url: "/emergencies", body: { divisionId: NORTH, sectorId: null, reason: "Fire on the jetty" } },
    ]);
    const banner = await screen.findByTestId("emergency-in-force");
    expect(banner.textContent).toContain("EMERGENCY STOP in force: sector Jetty (North Plant)");
  });

  it("shows the emergency in force and lifts it after a confirmation saying nothing resumes by itself", async () => {
    const api = server([declared()]);
    renderPage("/superresponsible/default", { token: superToken() });
    const banner = await screen.findByTestId("emergency-in-force", {}, { timeout: patient(10_000) });
    expect(banner.textContent).toContain("Reason: Fire on the jetty");
    expect(banner.textContent).toContain("3 permits suspended");
    fireEvent.click(within(banner).getByTestId("emergency-lift"));
    const dialog = await screen.findByRole("dialog", { name: "Lift the emergency?" });
    expect(dialog.textContent).toContain("does not resume the suspended permits");
    fireEvent.click(within(dialog).getByRole("button", { name: "Lift the emergency" }));
    await waitFor(() => expect(screen.queryByTestId("emergency-in-force")).toBeNull());
    expect(api.writes()).toMatchObject([{ url: `/emergencies/${uuid(70)}/lift` }]);
  });
});
