import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { enterpriseToken, orgServer, sector, superToken, uuid } from "../testing/org-server";

describe("sub-sectors page", () => {
  it("says a sector must be created first, with the way to this area's sectors page", async () => {
    orgServer();
    renderPage("/superresponsible/subzone", { token: superToken() });
    // The first page of a file waits for its lazy chunk to compile.
    expect(await screen.findByText("You must create a sector first", {}, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to sectors" }).getAttribute("href")).toBe("/superresponsible/zones");
  });

  it("places a sub-sector from the keyboard: typed percentages are sent as fractions of the map", async () => {
    const tank = sector(uuid(20), "Tank farm", 3, true);
    const server = orgServer({ sectors: [tank] }, ({ method, url, body }, state) => {
      if (method === "POST" && url === "/sub-sectors") {
        const created = { id: uuid(30), sectorName: "Tank farm", createdAt: tank.createdAt, ...(body as object) };
        state.subSectors.push(created as (typeof state.subSectors)[number]);
        return { status: 201, data: { data: created } };
      }
      return undefined;
    });
    const { router } = renderPage("/enterprise/soussecteurs", { token: enterpriseToken() });
    expect(await screen.findByText("No sub-sector in this sector yet")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(`?sector=${tank.id}`));
    fireEvent.click(screen.getByRole("button", { name: "New sub-sector" }));
    const editor = await screen.findByTestId("sub-sector-editor");
    fireEvent.change(within(editor).getByLabelText("Name"), { target: { value: "Pump room" } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    expect((await within(editor).findAllByText("Click on the map or enter the position")).length).toBe(2);
    fireEvent.change(within(editor).getByLabelText("From the left (%)"), { target: { value: "25" } });
    fireEvent.change(within(editor).getByLabelText("From the top (%)"), { target: { value: "40.5" } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sub-sector created")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "POST", url: "/sub-sectors", body: { sectorId: tank.id, name: "Pump room", x: 0.25, y: 0.405 } },
    ]);
    const row = await screen.findByTestId("sub-sector-row");
    expect(within(row).getByText("25 % from the left, 40.5 % from the top")).toBeTruthy();
  });

  it("lists the sub-sectors of a sector without a plan, by name only, and offers to add the plan", async () => {
    const jetty = sector(uuid(21), "Jetty", 4);
    const berth = { id: uuid(31), name: "Berth 1", sectorId: jetty.id, sectorName: "Jetty", x: null, y: null };
    const server = orgServer(
      { sectors: [jetty], subSectors: [{ ...berth, createdAt: jetty.createdAt }] },
      ({ method, url, body }, state) => {
        if (method === "POST" && url === "/sub-sectors") {
          const created = { id: uuid(32), sectorName: "Jetty", createdAt: jetty.createdAt, x: null, y: null };
          state.subSectors.push({ ...created, ...(body as object) } as (typeof state.subSectors)[number]);
          return { status: 201, data: { data: { ...created, ...(body as object) } } };
        }
        return undefined;
      },
    );
    renderPage("/enterprise/soussecteurs", { token: enterpriseToken() });
    const noPlan = await screen.findByTestId("no-sector-map");
    expect(noPlan.textContent).toContain("No plan yet — add one");
    expect(within(noPlan).getByRole("button", { name: "Upload a map" })).toBeTruthy();
    const row = await screen.findByTestId("sub-sector-row");
    expect(within(row).getByText("Berth 1")).toBeTruthy();
    expect(within(row).getByText("Not placed on the plan")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "New sub-sector" }));
    const editor = await screen.findByTestId("sub-sector-editor");
    expect(within(editor).queryByLabelText("From the left (%)")).toBeNull();
    expect(within(editor).getByText(/This sector has no plan yet/)).toBeTruthy();
    fireEvent.change(within(editor).getByLabelText("Name"), { target: { value: "Berth 2" } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sub-sector created")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "POST", url: "/sub-sectors", body: { sectorId: jetty.id, name: "Berth 2" } },
    ]);
    expect(server.writes()[0]!.body).not.toHaveProperty("x");
    await waitFor(() => expect(screen.getAllByTestId("sub-sector-row")).toHaveLength(2));
  });
});
