import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { ENTERPRISE_USER_ID, enterpriseToken, permit, permitServer, uuid } from "../../permits/testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const accepted = permit(8, {
  status: "accepted",
  documentNumber: "PTW-2026-000008",
  actions: ["start", "cancel"],
  canEdit: false,
  canDuplicate: false,
  canRerate: false,
});
const application = (appliedBy: string, proven: boolean) => ({
  id: uuid(70),
  lockNumber: "L-12",
  appliedBy: { id: appliedBy, name: "Rita" },
  appliedAt: "2026-11-20T07:00:00.000Z",
  provenBy: proven ? { id: uuid(61), name: "Sam" } : null,
  provenAt: proven ? "2026-11-20T07:30:00.000Z" : null,
  proofDeclaration: proven ? "Tested" : null,
});
const point = (id: number, tag: string, app: ReturnType<typeof application> | null) => ({
  id: uuid(id),
  tag,
  equipment: "Transfer pump motor",
  energy: "electrical",
  method: "Rack out MCC-4/3",
  divisionId: uuid(2),
  sectorId: uuid(3),
  sectorName: "Tank farm",
  subSectorId: null,
  subSectorName: null,
  x: null,
  y: null,
  application: app,
  createdAt: "2026-11-01T00:00:00.000Z",
});

describe("a permit's isolations on its page", () => {
  it("says which are missing before start; the staff apply, and prove only what someone else applied, signed", async () => {
    let points = [point(80, "EV-1", null), point(81, "MV-2", application(ENTERPRISE_USER_ID, false))];
    const server = permitServer({ permits: [accepted] }, ({ method, url, body }) => {
      if (method === "GET" && url === `/permits/${accepted.id}/isolations`) {
        const notReady = points.filter((p) => !p.application?.provenAt).map((p) => p.tag);
        return { status: 200, data: { data: { points, notReady } } };
      }
      if (method === "POST" && url === `/isolation-points/${uuid(80)}/apply`) {
        points = [point(80, "EV-1", application(uuid(62), false)), points[1]!];
        return { status: 200, data: { data: points[0] } };
      }
      if (method === "POST" && url === `/isolation-points/${uuid(80)}/prove`) {
        expect(body).toMatchObject({ declaration: true, password: "Secret-123" });
        points = [point(80, "EV-1", application(uuid(62), true)), points[1]!];
        return { status: 200, data: { data: points[0] } };
      }
      return undefined;
    });
    renderPage(`/enterprise/permit/${accepted.id}`, { token: enterpriseToken() });
    const section = await screen.findByTestId("permit-isolations", {}, { timeout: patient(15_000) });
    expect((await within(section).findByTestId("isolations-not-ready")).textContent).toContain("EV-1, MV-2");
    // Applied by the reader: a second person proves it.
    const mine = within(section).getAllByTestId("permit-isolation")[1]!;
    expect(within(mine).getByText("A second person proves it")).toBeTruthy();
    expect(within(mine).queryByRole("button", { name: "Prove MV-2" })).toBeNull();
    // While the permit is live, nothing is released from here.
    expect(within(section).queryByRole("button", { name: /Release/ })).toBeNull();

    fireEvent.click(within(section).getByRole("button", { name: "Apply EV-1" }));
    const apply = await screen.findByTestId("isolation-apply-dialog");
    fireEvent.click(within(apply).getByTestId("isolation-confirm"));
    expect(await within(apply).findByText("Enter the lock number")).toBeTruthy();
    fireEvent.change(within(apply).getByTestId("isolation-lock-number"), { target: { value: "L-12" } });
    fireEvent.click(within(apply).getByTestId("isolation-confirm"));
    expect(await screen.findByText("Isolation EV-1 applied")).toBeTruthy();

    fireEvent.click(await within(section).findByRole("button", { name: "Prove EV-1" }));
    const prove = await screen.findByTestId("isolation-prove-dialog");
    fireEvent.click(within(prove).getByTestId("isolation-declaration"));
    fireEvent.change(within(prove).getByTestId("isolation-password"), { target: { value: "Secret-123" } });
    fireEvent.click(within(prove).getByTestId("isolation-confirm"));
    expect(await screen.findByText("Isolation EV-1 proven")).toBeTruthy();
    await waitFor(() => expect(within(section).getByTestId("isolations-not-ready").textContent).not.toContain("EV-1"));
    expect(server.writes().map((w) => w.url)).toEqual([
      `/isolation-points/${uuid(80)}/apply`,
      `/isolation-points/${uuid(80)}/prove`,
    ]);
  });
});
