import type { TDashboard, TSitePermit, TSiteSector, TSiteSectorSummary } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { permitServer, responsibleToken, TANK_FARM } from "../../permits/testing/permit-server";

const TODAY = "2026-11-26";
const dashboard: TDashboard = {
  side: "principal",
  today: TODAY,
  recentSince: "2026-11-20",
  figures: {
    waitingForMe: 0,
    awaitingReview: 0,
    inProgress: 1,
    startingToday: 0,
    overdue: 0,
    recentRechecks: 0,
    contractors: 0,
    creditsRemaining: 5,
  },
};
const PUMP_HOUSE = { id: "00000000-0000-4000-8000-0000000000b1", name: "Pump house", x: 0.2, y: 0.3 };
const JETTY = { ...TANK_FARM, id: "00000000-0000-4000-8000-0000000000b2", name: "Jetty", number: 9 };

const summary = (overrides: Partial<TSiteSectorSummary> = {}): TSiteSectorSummary => ({
  id: TANK_FARM.id,
  name: TANK_FARM.name,
  number: TANK_FARM.number,
  divisionId: TANK_FARM.division.id,
  divisionName: TANK_FARM.division.name,
  hasMap: false,
  inProgress: 0,
  suspended: 0,
  overdue: 0,
  today: 0,
  isolationsInPlace: 0,
  emergency: false,
  ...overrides,
});
const sitePermit = (overrides: Partial<TSitePermit>): TSitePermit => ({
  id: crypto.randomUUID(),
  documentNumber: "PTW-2026-000031",
  taskTitle: "Weld the flange",
  status: "In_progress",
  subSectorId: PUMP_HOUSE.id,
  startAt: "2026-11-26T08:00:00.000Z",
  endAt: "2026-11-26T16:00:00.000Z",
  levelName: "High",
  levelColour: "#e03131",
  suspended: false,
  overdue: false,
  ...overrides,
});

function siteServer(sectors: TSiteSectorSummary[], plans: Record<string, Omit<TSiteSector, "today" | "sector">>) {
  return permitServer({}, ({ url }) => {
    if (url === "/dashboard") return { status: 200, data: { data: dashboard } };
    if (url === "/site-map/sectors") return { status: 200, data: { data: { today: TODAY, sectors } } };
    const plan = /^\/site-map\/sectors\/(.+)$/.exec(url);
    if (plan) {
      const sector = sectors.find((s) => s.id === plan[1])!;
      return { status: 200, data: { data: { today: TODAY, sector, ...plans[sector.id]! } } };
    }
    const one = /^\/sectors\/(.+)$/.exec(url);
    if (one) return { status: 200, data: { data: one[1] === JETTY.id ? JETTY : TANK_FARM } };
    return undefined;
  });
}

describe("the live site map on a manager's dashboard", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("opens on the sector that needs attention and lists its permits by place, each opening the permit", async () => {
    const stopped = sitePermit({ status: "Approved", subSectorId: null, suspended: true, taskTitle: "Line break" });
    const welding = sitePermit({ overdue: true });
    const api = siteServer(
      [
        summary({ id: JETTY.id, name: JETTY.name, number: 9, today: 1 }),
        summary({ inProgress: 1, suspended: 1, overdue: 1, today: 2, isolationsInPlace: 1 }),
      ],
      {
        [JETTY.id]: {
          subSectors: [],
          permits: [sitePermit({ subSectorId: null, status: "Approved" })],
          truncated: false,
          isolations: [],
        },
        [TANK_FARM.id]: {
          subSectors: [PUMP_HOUSE],
          permits: [welding, stopped],
          truncated: false,
          isolations: [
            {
              id: crypto.randomUUID(),
              tag: "EL-101",
              equipment: "Pump P-1 motor",
              energy: "electrical",
              subSectorId: PUMP_HOUSE.id,
              x: 0.4,
              y: 0.6,
              appliedAt: "2026-11-26T07:00:00.000Z",
              proven: true,
            },
          ],
        },
      },
    );
    renderPage("/responsible/default", { token: responsibleToken() });
    const map = await screen.findByTestId("live-site-map", {}, { timeout: patient(10_000) });
    const cards = await within(map).findAllByTestId("site-sector");
    expect(cards).toHaveLength(2);
    // The tank farm has stopped and overdue work: it is the one shown, though listed second.
    await waitFor(() => expect(cards[1]!.getAttribute("aria-pressed")).toBe("true"));
    expect(within(cards[1]!).getByText("1 suspended")).toBeTruthy();
    expect(within(cards[1]!).getByText("2 permits today")).toBeTruthy();
    expect(api.gets("/site-map/sectors")[0]?.params).toHaveProperty("tz");

    const plan = await screen.findByTestId("site-sector-plan");
    expect(within(plan).getByRole("heading", { name: "Plan of 7 · Tank farm" })).toBeTruthy();
    const pumpHouse = within(plan).getByRole("region", { name: "Pump house" });
    expect(
      within(pumpHouse).getByRole("link", { name: "PTW-2026-000031 · Weld the flange" }).getAttribute("href"),
    ).toBe(`/responsible/permit/${welding.id}`);
    expect(within(pumpHouse).getByTestId("permit-overdue")).toBeTruthy();
    const whole = within(plan).getByRole("region", { name: "Whole sector" });
    expect(within(whole).getByTestId("permit-suspended")).toBeTruthy();
    expect(within(screen.getByTestId("site-isolations")).getByText("EL-101")).toBeTruthy();
    expect(within(screen.getByTestId("site-isolations")).getByText("Proven")).toBeTruthy();

    // Another sector, chosen: its plan replaces this one, and the choice is kept in the address.
    fireEvent.click(cards[0]!);
    await waitFor(() => expect(screen.getByTestId("site-sector-plan").getAttribute("data-sector")).toBe(JETTY.id));
    expect(cards[0]!.getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("heading", { name: "Plan of 9 · Jetty" })).toBeTruthy();
  });

  it("tells a manager with no sector yet what to ask for", async () => {
    siteServer([], {});
    renderPage("/responsible/default", { token: responsibleToken() });
    const empty = await screen.findByTestId("site-map-no-sectors", {}, { timeout: patient(10_000) });
    expect(within(empty).getByText(/You have no role in any sector yet/)).toBeTruthy();
  });

  it("says so when a sector has nothing today", async () => {
    siteServer([summary()], {
      [TANK_FARM.id]: { subSectors: [PUMP_HOUSE], permits: [], truncated: false, isolations: [] },
    });
    renderPage("/responsible/default", { token: responsibleToken() });
    expect(await screen.findByTestId("site-nothing-today", {}, { timeout: patient(10_000) })).toBeTruthy();
  });
});
