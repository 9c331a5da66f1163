import type { TCalendarEvent } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../test/timeouts";
import {
  ACME,
  enterpriseToken,
  permit,
  permitServer,
  responsibleToken,
  TANK_FARM,
} from "../permits/testing/permit-server";

// Today at noon (local), so the month and list views both open on it.
const noon = new Date();
noon.setHours(12, 0, 0, 0);
const event = (fields: Partial<TCalendarEvent> = {}): TCalendarEvent => ({
  id: permit(7).id,
  documentNumber: "PTW-2026-000007",
  taskTitle: "Weld the flange",
  status: "sended",
  startAt: noon.toISOString(),
  endAt: new Date(noon.getTime() + 2 * 60 * 60 * 1000).toISOString(),
  criticality: { name: "High", colour: "#e03131" },
  sector: { id: TANK_FARM.id, name: TANK_FARM.name },
  contractor: ACME,
  ...fields,
});

/**
 * An event's link, by its text. FullCalendar keeps events invisible until it has measured them, which jsdom never
 * does, so they have no accessible name here (in a browser they do: the e2e test clicks them by name).
 */
async function findEvent(text: RegExp): Promise<HTMLAnchorElement> {
  const found = await screen.findByText(text, {}, { timeout: patient(15_000) });
  return found.closest("a")!;
}

/** The permits page with the calendar endpoint answering `events` (and `truncated`). */
function calendarServer(events: TCalendarEvent[], truncated = false) {
  return permitServer({ permits: [permit(7, { status: "sended", taskTitle: "Weld the flange" })] }, ({ url }) =>
    url === "/permits/calendar" ? { status: 200, data: { data: { events, truncated } } } : undefined,
  );
}

describe("the permits page's calendar", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("switches between the list and the calendar through the URL, and asks for the visible period", async () => {
    const server = calendarServer([event()]);
    const { router } = renderPage("/enterprise/permit?status=sended", { token: enterpriseToken() });
    await screen.findAllByTestId("permit-row", {}, { timeout: patient(10_000) });
    fireEvent.click(within(screen.getByTestId("permit-display-switch")).getByText("Calendar"));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("view")).toBe("calendar"));
    expect(new URLSearchParams(router.state.location.search).get("status")).toBe("sended");

    const link = await findEvent(/PTW-2026-000007 Weld the flange \(Sent\)/);
    expect(link.getAttribute("href")).toBe(`/enterprise/permit/${permit(7).id}`);
    expect(screen.queryByTestId("permit-row")).toBeNull();
    const asked = server.gets("/permits/calendar").at(-1)!.params;
    expect(asked).toMatchObject({ status: "sended" });
    expect(asked).not.toHaveProperty("view");
    expect(asked).not.toHaveProperty("sort");
    // A month view: about six weeks, today inside.
    const from = Date.parse(String(asked.from));
    const to = Date.parse(String(asked.to));
    expect(from).toBeLessThanOrEqual(noon.getTime());
    expect(to).toBeGreaterThan(noon.getTime());
    expect((to - from) / 86_400_000).toBeLessThanOrEqual(42);

    // The calendar keeps its view and date in the URL (Back from a permit finds them); the list drops them.
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("calendarView")).toBe("dayGridMonth"),
    );
    fireEvent.click(within(screen.getByTestId("permit-display-switch")).getByText("List"));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("view")).toBeNull());
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: "sended" });
    expect(await screen.findAllByTestId("permit-row")).toHaveLength(1);
  });

  it("opens the permit on a click, colours it by criticality, and says when the period holds too many", async () => {
    calendarServer([event()], true);
    const { router } = renderPage("/responsible/permit?view=calendar", { token: responsibleToken() });
    const link = await findEvent(/Weld the flange \(Sent\)/);
    expect(screen.getByTestId("calendar-truncated").textContent).toContain("more than 1,000 permits");
    // The Responsible's "To do | All" belongs to the list.
    expect(screen.queryByTestId("permit-view-switch")).toBeNull();
    expect(link.style.getPropertyValue("--fc-event-color")).toBe("#e03131");
    // Black reads better than white on this red (WCAG contrast: 4.65 against 4.51).
    expect(link.style.getPropertyValue("--fc-event-contrast-color")).toBe("#000000");
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/responsible/permit/${permit(7).id}`));
  });

  it("draws ended permits grey and cancelled or rejected ones grey and struck through, and says so in a legend", async () => {
    const hour = 60 * 60 * 1000;
    const at = (hours: number) => new Date(noon.getTime() + hours * hour).toISOString();
    calendarServer([
      event({ id: permit(1).id, documentNumber: "PTW-1", taskTitle: "Live work", status: "In_progress" }),
      event({ id: permit(2).id, documentNumber: "PTW-2", taskTitle: "Done work", status: "Ended", startAt: at(-5) }),
      event({
        id: permit(3).id,
        documentNumber: "PTW-3",
        taskTitle: "Called off",
        status: "Canceled",
        startAt: at(-4),
      }),
      event({ id: permit(4).id, documentNumber: "PTW-4", taskTitle: "Turned down", status: "Failed", startAt: at(-3) }),
    ]);
    renderPage("/enterprise/permit?view=calendar&calendarView=listWeek", { token: enterpriseToken() });
    const live = await findEvent(/PTW-1 Live work \(In progress\)/);
    const ended = await findEvent(/PTW-2 Done work \(Ended\)/);
    const cancelled = await findEvent(/PTW-3 Called off \(Cancelled\)/);
    const rejected = await findEvent(/PTW-4 Turned down \(Rejected\)/);
    const colourOf = (link: HTMLElement) => link.style.getPropertyValue("--fc-event-color");
    // The live one keeps its level's colour; the others the closed grey, and only those that hold no work are struck.
    expect(colourOf(live)).toBe("#e03131");
    expect([ended, cancelled, rejected].map(colourOf)).toEqual(["#e9ecef", "#e9ecef", "#e9ecef"]);
    expect(live.className).not.toMatch(/op-calendar-(ended|void)/);
    expect(ended.classList.contains("op-calendar-ended")).toBe(true);
    expect(cancelled.classList.contains("op-calendar-void")).toBe(true);
    expect(rejected.classList.contains("op-calendar-void")).toBe(true);
    const legend = screen.getByRole("group", { name: "What the calendar shows" });
    expect(legend.textContent).toContain("Grey: ended");
    expect(legend.textContent).toContain("Grey, struck through: cancelled or rejected");
  });

  it("narrows the visible period to the filter bar's work period", async () => {
    const server = calendarServer([]);
    const today = `${noon.getFullYear()}-${String(noon.getMonth() + 1).padStart(2, "0")}-${String(noon.getDate()).padStart(2, "0")}`;
    renderPage(`/enterprise/permit?view=calendar&from=${today}&to=${today}`, { token: enterpriseToken() });
    await waitFor(() => expect(server.gets("/permits/calendar").length).toBeGreaterThan(0), {
      timeout: patient(15_000),
    });
    const asked = server.gets("/permits/calendar").at(-1)!.params;
    expect(asked.from).toBe(new Date(`${today}T00:00:00`).toISOString());
    expect(asked.to).toBe(new Date(new Date(`${today}T23:59:59.999`).getTime() + 1).toISOString());
  });

  it("opens on the view and date its URL names", async () => {
    const server = calendarServer([]);
    renderPage("/enterprise/permit?view=calendar&calendarView=timeGridDay&date=2026-12-03", {
      token: enterpriseToken(),
    });
    expect(
      await screen.findByRole("tab", { name: "Day view", selected: true }, { timeout: patient(15_000) }),
    ).toBeTruthy();
    await waitFor(() => expect(server.gets("/permits/calendar").length).toBeGreaterThan(0));
    expect(server.gets("/permits/calendar").at(-1)!.params).toMatchObject({
      from: new Date("2026-12-03T00:00:00").toISOString(),
      to: new Date("2026-12-04T00:00:00").toISOString(),
    });
  });

  it("asks nothing when the filter bar's work period is outside the visible one", async () => {
    const server = calendarServer([]);
    renderPage("/enterprise/permit?view=calendar&from=1999-01-01&to=1999-01-02", { token: enterpriseToken() });
    await screen.findByRole("tab", { name: "Month view" }, { timeout: patient(15_000) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.gets("/permits/calendar")).toHaveLength(0);
  });
});
