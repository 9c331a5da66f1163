import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { enterpriseToken, orgServer, sector, uuid } from "../../organisation/testing/org-server";

const point = (id: string, tag: string, sectorId: string, extra: Record<string, unknown> = {}) => ({
  id,
  tag,
  equipment: "Feed pump motor",
  energy: "electrical",
  method: "Lock breaker MCC-3",
  divisionId: uuid(2),
  sectorId,
  sectorName: "Tank farm",
  subSectorId: null,
  subSectorName: null,
  x: null,
  y: null,
  application: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const pageOf = (data: unknown[]) => ({ status: 200, data: { data, page: 1, pageSize: 20, total: data.length } });

describe("the isolation register (a tab of the sub-sectors page)", () => {
  it("lists the sector's points with their state, searches, and adds one with every field checked by the server", async () => {
    const tank = sector(uuid(20), "Tank farm", 3);
    const points = [
      point(uuid(40), "EV-101", tank.id),
      point(uuid(41), "MV-7", tank.id, {
        energy: "process",
        application: {
          id: uuid(50),
          lockNumber: "L-9",
          appliedBy: { id: uuid(60), name: "Rita" },
          appliedAt: "2026-01-01T08:00:00.000Z",
          provenBy: { id: uuid(61), name: "Sam" },
          provenAt: "2026-01-01T08:30:00.000Z",
          proofDeclaration: "Tested",
        },
      }),
    ];
    const server = orgServer({ sectors: [tank] }, ({ method, url, params, body }) => {
      if (method === "GET" && url === "/isolation-points") {
        const q = String(params.q ?? "").toLowerCase();
        return pageOf(points.filter((p) => !q || p.tag.toLowerCase().includes(q)));
      }
      if (method === "POST" && url === "/isolation-points") {
        const b = body as { tag: string };
        if (!b.tag)
          return {
            status: 400,
            data: {
              error: {
                code: "VALIDATION_FAILED",
                message: "x",
                fields: { tag: "tagRequired", energy: "energyRequired" },
              },
            },
          };
        return { status: 201, data: { data: point(uuid(42), b.tag, tank.id) } };
      }
      return undefined;
    });
    renderPage(`/enterprise/soussecteurs?sector=${tank.id}&tab=isolations`, { token: enterpriseToken() });
    const rows = await screen.findAllByTestId("isolation-point-row", {}, { timeout: patient(15_000) });
    expect(rows.map((row) => row.getAttribute("data-id"))).toEqual([uuid(40), uuid(41)]);
    expect(within(rows[0]!).getByText("Not isolated")).toBeTruthy();
    expect(within(rows[1]!).getByText("Applied and proven · lock L-9")).toBeTruthy();
    expect(within(rows[1]!).getByText("Process")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Search a tag or equipment"), { target: { value: "mv" } });
    await waitFor(() => expect(screen.getAllByTestId("isolation-point-row")).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "New isolation point" }));
    const form = await screen.findByTestId("isolation-point-form");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Enter the tag")).toBeTruthy();
    expect(within(form).getByText("Choose the energy")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Tag/), { target: { value: "EV-200" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Isolation point EV-200 added")).toBeTruthy();
    expect(server.writes().at(-1)).toMatchObject({
      method: "POST",
      url: "/isolation-points",
      body: { tag: "EV-200", sectorId: tank.id, x: null, y: null, subSectorId: null },
    });
  });
});
