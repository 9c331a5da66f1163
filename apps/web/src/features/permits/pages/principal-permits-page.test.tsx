import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { captureDownloads } from "../../../test/downloads";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  ACME,
  enterpriseToken,
  permit,
  permitServer,
  responsibleToken,
  summaryOf,
  TANK_FARM,
  uuid,
} from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const sent = permit(3, { status: "sended", documentNumber: "PTW-2026-000003", taskTitle: "Weld the flange" });
const verified = permit(4, { status: "Confirmed", documentNumber: "PTW-2026-000004", taskTitle: "Paint the tank" });
const ended = permit(5, { status: "Ended", documentNumber: "PTW-2026-000005", taskTitle: "Replace the valve" });
const internal = permit(6, {
  status: "Approved",
  documentNumber: "PTW-2026-000006",
  taskTitle: "Inspect the boiler",
  internal: true,
  contractor: null,
});
const ALL = [sent, verified, ended, internal];

const lastList = (server: ReturnType<typeof permitServer>) => server.gets("/permits").at(-1)?.params;
const select = async (label: string, option: string) => {
  fireEvent.click(screen.getByLabelText(label, { selector: "input" }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
};

describe("the principal's permit lists", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists every permit for the enterprise with its contractor, each row linking to the permit page", async () => {
    const server = permitServer({ permits: ALL });
    renderPage("/enterprise/permit", { token: enterpriseToken() });
    const link = await screen.findByRole("link", { name: "Weld the flange" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/enterprise/permit/${sent.id}`);
    const rows = screen.getAllByTestId("permit-row");
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText(ACME.name)).toBeTruthy();
    expect(within(rows[3]!).getByText("Internal permit")).toBeTruthy();
    expect(lastList(server)).toMatchObject({ view: "all", sort: "-createdAt", page: 1, pageSize: 20 });
    // No "to do" switch for the enterprise; the division filter is the enterprise's only.
    expect(screen.queryByTestId("permit-view-switch")).toBeNull();
    expect(screen.getByLabelText("Division", { selector: "input" })).toBeTruthy();
  });

  it("puts the filters in the URL, asks the server with them, and reads them back on a reload", async () => {
    const server = permitServer({ permits: ALL });
    const { router } = renderPage("/enterprise/permit", { token: enterpriseToken() });
    await screen.findAllByTestId("permit-row", {}, { timeout: patient(10_000) });

    await select("Status", "Sent");
    // The list stays open for several statuses.
    fireEvent.click(await screen.findByRole("option", { name: "Verified" }));
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(2));
    await select("Sector", "7 · Tank farm");
    fireEvent.change(screen.getByLabelText("Work from"), { target: { value: "2026-12-01" } });
    fireEvent.change(screen.getByLabelText("Work until"), { target: { value: "2026-12-31" } });
    await select("Sort by", "Start date, earliest first");

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        status: "sended,Confirmed",
        sectorId: TANK_FARM.id,
        from: "2026-12-01",
        to: "2026-12-31",
        sort: "startAt",
      }),
    );
    await waitFor(() =>
      expect(lastList(server)).toMatchObject({
        view: "all",
        status: "sended,Confirmed",
        sectorId: TANK_FARM.id,
        // The days, from the start of the first to the end of the last, in the user's zone.
        from: new Date("2026-12-01T00:00:00").toISOString(),
        to: new Date("2026-12-31T23:59:59.999").toISOString(),
        sort: "startAt",
      }),
    );
    const summary = screen.getByTestId("permit-active-filters");
    expect(within(summary).getByText("Status: Sent, Verified")).toBeTruthy();
    expect(within(summary).getByText("Sector: Tank farm")).toBeTruthy();

    // Back undoes the last choice (the sort), keeping the others.
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByLabelText("Sort by", { selector: "input" }) as HTMLInputElement).value).toBe(
        "Created, newest first",
      ),
    );
    const back = new URLSearchParams(router.state.location.search);
    expect(back.get("sort")).toBeNull();
    expect(back.get("sectorId")).toBe(TANK_FARM.id);
    expect(back.get("to")).toBe("2026-12-31");
  });

  it("opens with the link's filters, says which, and clears them", async () => {
    // 45 matches: the link's page 2 exists.
    const server = permitServer({ permits: ALL }, ({ url, params }, state) =>
      url === "/permits" && params.q === "valve"
        ? { status: 200, data: { data: [summaryOf(state.permits[2]!)], page: 2, pageSize: 20, total: 45 } }
        : undefined,
    );
    const { router } = renderPage(`/enterprise/filtred?status=Ended&contractorId=${ACME.id}&q=valve&page=2`, {
      token: enterpriseToken(),
    });
    expect(await screen.findByRole("heading", { name: "Filtered permits" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(lastList(server)).toMatchObject({ status: "Ended", contractorId: ACME.id, q: "valve", page: 2 });
    const summary = screen.getByTestId("permit-active-filters");
    expect(await within(summary).findByText("Contractor: Acme Scaffolding")).toBeTruthy();
    expect(within(summary).getByText("Status: Ended")).toBeTruthy();
    expect(within(summary).getByText("Search: “valve”")).toBeTruthy();
    expect((screen.getByRole("searchbox", { name: /Search/ }) as HTMLInputElement).value).toBe("valve");

    fireEvent.click(within(summary).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(4));
    expect(screen.queryByTestId("permit-active-filters")).toBeNull();
    expect((screen.getByRole("searchbox", { name: /Search/ }) as HTMLInputElement).value).toBe("");
  });

  it("moves a link's page past the end back to the last page, and still clears its filters", async () => {
    permitServer({ permits: ALL });
    const { router } = renderPage(`/enterprise/filtred?status=Ended&page=3`, { token: enterpriseToken() });
    await screen.findByRole("link", { name: "Replace the valve" }, { timeout: patient(10_000) });
    await waitFor(() => expect(router.state.location.search).toBe("?status=Ended"));
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(4));
    expect(router.state.location.search).toBe("");
  });

  it("ignores what is malformed in a hand-edited link instead of sending it", async () => {
    const server = permitServer({ permits: ALL });
    renderPage("/enterprise/filtred?status=Nope,Ended&sectorId=42&from=yesterday&sort=best", {
      token: enterpriseToken(),
    });
    await screen.findAllByTestId("permit-row", {}, { timeout: patient(10_000) });
    const params = lastList(server)!;
    expect(params).toMatchObject({ status: "Ended", sort: "-createdAt" });
    expect(params).not.toHaveProperty("sectorId");
    expect(params).not.toHaveProperty("from");
  });

  it("exports the filtered list as CSV and XLSX with the token", async () => {
    const server = permitServer({ permits: ALL });
    renderPage(`/enterprise/permit?status=Ended&sectorId=${TANK_FARM.id}`, { token: enterpriseToken() });
    await screen.findAllByTestId("permit-row", {}, { timeout: patient(10_000) });
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Export Excel" }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    const exports = server.gets("/permits/export");
    // Its times in the reader's zone.
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(exports.map((call) => call.params)).toEqual([
      { view: "all", status: "Ended", sectorId: TANK_FARM.id, sort: "-createdAt", format: "csv", tz },
      { view: "all", status: "Ended", sectorId: TANK_FARM.id, sort: "-createdAt", format: "xlsx", tz },
    ]);
    expect(exports.every((call) => call.authorization?.startsWith("Bearer "))).toBe(true);
    expect(downloads.map(({ fileName }) => fileName.split(".").at(-1))).toEqual(["csv", "xlsx"]);
  });

  it("opens a Responsible's list on its to-do, with All a click away", async () => {
    const server = permitServer({ permits: ALL });
    const { router } = renderPage("/responsible/permit", { token: responsibleToken() });
    await screen.findByRole("link", { name: "Weld the flange" }, { timeout: patient(10_000) });
    expect(screen.getAllByTestId("permit-row")).toHaveLength(2);
    expect(lastList(server)).toMatchObject({ view: "todo" });
    // The division is the Responsible's own: no division filter.
    expect(screen.queryByLabelText("Division", { selector: "input" })).toBeNull();

    fireEvent.click(within(screen.getByTestId("permit-view-switch")).getByText("All"));
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(4));
    expect(lastList(server)).toMatchObject({ view: "all" });
    expect(router.state.location.search).toBe("?view=all");
  });

  it("says what to do when nothing waits, when there is nothing yet, and when filters match nothing", async () => {
    permitServer({ permits: [ended] });
    renderPage("/responsible/permit", { token: responsibleToken() });
    expect(await screen.findByText("Nothing waits for you", {}, { timeout: patient(10_000) })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId("empty-state")).getByRole("button", { name: "Show all permits" }));
    expect(await screen.findByRole("link", { name: "Replace the valve" })).toBeTruthy();
  });

  it("offers an internal permit when the enterprise has none, and clearing when filters match nothing", async () => {
    permitServer({ permits: [] });
    const { router } = renderPage("/enterprise/permit", { token: enterpriseToken() });
    expect(await screen.findByText("No permit yet", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(
      within(screen.getByTestId("empty-state")).getByRole("link", { name: "Create an internal permit" }),
    ).toBeTruthy();
    await router.navigate(`/enterprise/permit?sectorId=${uuid(999)}`);
    expect(await screen.findByText("No permit matches these filters")).toBeTruthy();
  });

  it("lists all of a Responsible's permits under permis-list", async () => {
    const server = permitServer({ permits: ALL });
    renderPage("/responsible/permis-list", { token: responsibleToken() });
    expect(await screen.findByRole("heading", { name: "All permits" }, { timeout: patient(10_000) })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("permit-row")).toHaveLength(4));
    expect(lastList(server)).toMatchObject({ view: "all" });
    expect(screen.queryByTestId("permit-view-switch")).toBeNull();
  });
});
