import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, createsAt } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { division, enterpriseToken, NORTH, orgServer, uuid } from "../testing/org-server";

const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe("divisions page", () => {
  it("says what to do first, checks every field, creates the division and lists it", async () => {
    const server = orgServer(
      {},
      createsAt("/divisions", (state) => state.divisions, division(uuid(11), "x")),
    );
    renderPage("/enterprise/division", { token: enterpriseToken() });
    // The first page of a file waits for its lazy chunk to compile.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Divisions" }, { timeout: patient(5000) }),
    ).toBeTruthy();
    expect(await screen.findByText("No division yet")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "New division" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    for (const message of [
      "Name required",
      "Description required",
      "Address required",
      "Province required",
      "Postal code required",
      "Country required",
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    fill(dialog, "Name", "N");
    fireEvent.blur(within(dialog).getByLabelText("Name"));
    expect(await within(dialog).findByText("At least 2 characters")).toBeTruthy();
    fill(dialog, "Description", "x".repeat(251));
    fireEvent.blur(within(dialog).getByLabelText("Description"));
    expect(await within(dialog).findByText("Maximum 250 characters")).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fill(dialog, "Name", "  South Plant ");
    fill(dialog, "Description", "Bottling and storage");
    fill(dialog, "Address", "2 Dock Street");
    fill(dialog, "Province", "Bouches-du-Rhône");
    fill(dialog, "Postal code", "13002");
    fill(dialog, "Country", "France");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Division created")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({
      method: "POST",
      url: "/divisions",
      body: {
        name: "South Plant",
        description: "Bottling and storage",
        address: "2 Dock Street",
        province: "Bouches-du-Rhône",
        postalCode: "13002",
        country: "France",
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "South Plant" })).toBeTruthy();
  });

  it("asks before deleting, and says what still holds a division the server refuses to delete", async () => {
    const server = orgServer(
      { divisions: [division(NORTH, "North Plant", { sectorCount: 2, peopleCount: 1 })] },
      ({ method }) =>
        method === "DELETE"
          ? {
              status: 409,
              data: { error: { code: "DIVISION_NOT_EMPTY", message: "x", details: { sectors: 2, people: 1 } } },
            }
          : undefined,
    );
    renderPage("/enterprise/division", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Delete North Plant" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete North Plant?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(
      await within(dialog).findByText(
        "North Plant cannot be deleted. It still holds 2 sectors and 1 person. Delete or move them first.",
      ),
    ).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "DELETE", url: `/divisions/${NORTH}` }]);
  });

  it("says a division with records stays, rather than asking to delete them", async () => {
    orgServer({ divisions: [division(NORTH, "North Plant")] }, ({ method }) =>
      method === "DELETE"
        ? {
            status: 409,
            data: {
              error: {
                code: "DIVISION_NOT_EMPTY",
                message: "x",
                details: { sectors: 0, people: 0, permits: 3, emergencies: 1 },
              },
            },
          }
        : undefined,
    );
    renderPage("/enterprise/division", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Delete North Plant" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete North Plant?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(
      await within(dialog).findByText(
        "North Plant cannot be deleted: it holds 3 permits on record and 1 emergency stop on record, kept for good for audits. Rename it if it is no longer used.",
      ),
    ).toBeTruthy();
  });

  it("puts a taken name on the Name field and keeps what was typed", async () => {
    orgServer({ divisions: [division(NORTH, "North Plant")] }, ({ method }) =>
      method === "PATCH" ? apiError(409, "DIVISION_NAME_TAKEN") : undefined,
    );
    renderPage("/enterprise/division", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Edit North Plant" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit division" });
    fill(dialog, "Name", "South Plant");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("A division with this name already exists")).toBeTruthy();
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("South Plant");
  });
});
