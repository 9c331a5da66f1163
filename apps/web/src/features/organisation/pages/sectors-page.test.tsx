import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { division, enterpriseToken, NORTH, orgServer, sector, superToken, uuid } from "../testing/org-server";

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "plan.png", { type: "image/png" });

function chooseMap(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe("sectors page", () => {
  it("says a division must be created first, with the way there", async () => {
    orgServer();
    renderPage("/enterprise/secteurs", { token: enterpriseToken() });
    // The first page of a file waits for its lazy chunk to compile.
    expect(await screen.findByText("You must create a division first", {}, { timeout: patient(5000) })).toBeTruthy();
    const link = screen.getByRole("link", { name: "Go to divisions" });
    expect(link.getAttribute("href")).toBe("/enterprise/division");
    expect(screen.queryByRole("button", { name: "New sector" })).toBeNull();
  });

  it("creates a sector without a plan, and checks a chosen map's type before calling the server", async () => {
    const created = { ...sector(uuid(20), "Tank farm", 3), gatheringPoint: "Gate 2" };
    const server = orgServer({}, ({ method, url }, state) => {
      if (method === "POST" && url === "/sectors") {
        state.sectors.push(created);
        return { status: 201, data: { data: created } };
      }
      return undefined;
    });
    renderPage("/superresponsible/zones", { token: superToken() });
    fireEvent.click(await screen.findByRole("button", { name: "New sector" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Division") as HTMLInputElement).value).toBe("North Plant");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Tank farm" } });
    fireEvent.change(within(dialog).getByLabelText("Gathering point"), { target: { value: "Gate 2" } });
    fireEvent.change(within(dialog).getByLabelText("Number"), { target: { value: "3" } });
    chooseMap(dialog, new File(["%PDF"], "plan.pdf", { type: "application/pdf" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose a PNG, JPEG or WebP image")).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the chosen file" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sector created")).toBeTruthy();
    expect(screen.queryByText("Sector map required")).toBeNull();
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual(["POST /sectors"]);
  });

  it("keeps the form when the map upload fails, and retries it for the sector already created", async () => {
    const created = { ...sector(uuid(20), "Tank farm", 3), gatheringPoint: "Gate 2" };
    let uploads = 0;
    const server = orgServer({}, ({ method, url }, state) => {
      if (method === "POST" && url === "/sectors") {
        state.sectors.push(created);
        return { status: 201, data: { data: created } };
      }
      if (method === "PUT" && url === `/sectors/${created.id}/map`) {
        uploads += 1;
        if (uploads === 1) return apiError(413, "PAYLOAD_TOO_LARGE");
        return { status: 200, data: { data: sector(created.id, "Tank farm", 3, true) } };
      }
      return undefined;
    });
    renderPage("/superresponsible/zones", { token: superToken() });
    fireEvent.click(await screen.findByRole("button", { name: "New sector" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Tank farm" } });
    fireEvent.change(within(dialog).getByLabelText("Gathering point"), { target: { value: "Gate 2" } });
    fireEvent.change(within(dialog).getByLabelText("Number"), { target: { value: "3" } });
    chooseMap(dialog, png());
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    const alert = await within(dialog).findByTestId("upload-error");
    expect(alert.textContent).toContain("The sector Tank farm was created, but its map could not be uploaded");
    expect(alert.textContent).toContain("The file is too large.");
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Tank farm");
    expect((within(dialog).getByLabelText("Gathering point") as HTMLInputElement).value).toBe("Gate 2");

    fireEvent.click(within(alert).getByRole("button", { name: "Retry the upload" }));
    expect(await screen.findByText("Sector created")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const writes = server.writes().map((call) => `${call.method} ${call.url}`);
    expect(writes).toEqual(["POST /sectors", `PUT /sectors/${created.id}/map`, `PUT /sectors/${created.id}/map`]);
    expect(server.writes()[0]!.body).toEqual({
      name: "Tank farm",
      divisionId: NORTH,
      gatheringPoint: "Gate 2",
      number: 3,
    });
    expect((server.writes()[1]!.body as FormData).get("map")).toBeInstanceOf(File);
  });

  it("puts a taken number on the Number field", async () => {
    orgServer({}, ({ method }) => (method === "POST" ? apiError(409, "SECTOR_NUMBER_TAKEN") : undefined));
    renderPage("/superresponsible/zones", { token: superToken() });
    fireEvent.click(await screen.findByRole("button", { name: "New sector" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Tank farm" } });
    fireEvent.change(within(dialog).getByLabelText("Gathering point"), { target: { value: "Gate 2" } });
    fireEvent.change(within(dialog).getByLabelText("Number"), { target: { value: "3" } });
    chooseMap(dialog, png());
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("This number is already used by another sector of the division"),
    ).toBeTruthy();
  });

  it("opens a sector's detail from the list, in the URL", async () => {
    orgServer({ divisions: [division(NORTH, "North Plant")], sectors: [sector(uuid(20), "Tank farm", 3)] });
    const { router } = renderPage("/enterprise/secteurs", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Open Tank farm" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${uuid(20)}`));
    const drawer = await screen.findByRole("dialog", { name: "#3 Tank farm" });
    expect(within(drawer).getByText("Main gate")).toBeTruthy();
    const noPlan = within(drawer).getByTestId("no-sector-map");
    expect(noPlan.textContent).toContain("No plan yet — add one");
    expect(within(noPlan).getByRole("button", { name: "Upload a map" })).toBeTruthy();
    expect(within(drawer).getAllByRole("button", { name: "Upload a map" })).toHaveLength(1);
  });

  it("uploads the plan of a sector without one from the sector's detail", async () => {
    const tank = { ...sector(uuid(20), "Tank farm", 3), subSectorCount: 1 };
    const berth = { id: uuid(30), name: "Berth 1", sectorId: tank.id, sectorName: "Tank farm", x: null, y: null };
    const server = orgServer(
      {
        divisions: [division(NORTH, "North Plant")],
        sectors: [tank],
        subSectors: [{ ...berth, createdAt: tank.createdAt }],
      },
      ({ method, url }) =>
        method === "PUT" && url === `/sectors/${tank.id}/map`
          ? { status: 200, data: { data: sector(tank.id, "Tank farm", 3, true) } }
          : undefined,
    );
    renderPage(`/enterprise/secteurs?id=${tank.id}`, { token: enterpriseToken() });
    const drawer = await screen.findByRole("dialog", { name: "#3 Tank farm" });
    const noPlan = await within(drawer).findByTestId("no-sector-map");
    const input = noPlan.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png()] } });
    expect(await screen.findByText("Sector map uploaded")).toBeTruthy();
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([`PUT /sectors/${tank.id}/map`]);
  });
});
