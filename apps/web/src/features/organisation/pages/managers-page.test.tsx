import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { manager, orgServer, superToken, uuid } from "../testing/org-server";

const rita = manager(uuid(40), "Rita Permit");
const tank = { id: uuid(20), name: "Tank farm", number: 3, divisionId: uuid(10) };
const matrix = {
  managers: [{ id: rita.id, name: rita.name, email: rita.email, divisionId: uuid(10) }],
  sectors: [tank],
  cells: [],
};

describe("permit managers page of a super-responsible", () => {
  it("shows only its division's tabs and puts a taken e-mail on the Email field, keeping the input", async () => {
    const server = orgServer({}, ({ method }) => (method === "POST" ? apiError(409, "EMAIL_EXISTS") : undefined));
    renderPage("/superresponsible/responsable", { token: superToken() });
    // The first page of a file waits for its lazy chunk to compile.
    await screen.findByRole("heading", { level: 1, name: "Permit managers" }, { timeout: patient(5000) });
    expect(await screen.findByRole("tab", { name: "Permit managers" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Permissions matrix" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "On-site managers" })).toBeNull();
    expect(await screen.findByText("No permit manager yet")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Invite a permit manager" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a permit manager" });
    fireEvent.change(within(dialog).getByLabelText("Full name"), { target: { value: "Rita Permit" } });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "rita@x.io" } });
    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "+33 6 12 34 56 78" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Email already exists")).toBeTruthy();
    expect((within(dialog).getByLabelText("Full name") as HTMLInputElement).value).toBe("Rita Permit");
    expect(server.writes()[0]).toMatchObject({
      url: "/managers",
      body: { role: "Responsible", divisionId: uuid(10), name: "Rita Permit", email: "rita@x.io" },
    });
  });

  it("saves a matrix cell in place, and puts it back with a message when refused", async () => {
    let refuse = false;
    const server = orgServer({ managers: [rita], matrix }, ({ method, url }) => {
      if (method === "PUT" && url === "/permissions/cell") return refuse ? apiError(403, "FORBIDDEN") : { status: 204 };
      return undefined;
    });
    renderPage("/superresponsible/responsable?tab=matrix", { token: superToken() });
    const cell = (await screen.findByLabelText("Role of Rita Permit in Tank farm")) as HTMLSelectElement;
    expect(screen.getByRole("columnheader", { name: "#3 Tank farm" })).toBeTruthy();
    expect(cell.value).toBe("none");
    fireEvent.change(cell, { target: { value: "verifier" } });
    expect(cell.value).toBe("verifier");
    await waitFor(() =>
      expect(server.writes()).toMatchObject([
        { method: "PUT", url: "/permissions/cell", body: { managerId: rita.id, sectorId: tank.id, role: "verifier" } },
      ]),
    );
    await waitFor(() => expect(cell.getAttribute("aria-busy")).toBe("false"));
    expect(cell.value).toBe("verifier");

    refuse = true;
    fireEvent.change(cell, { target: { value: "both" } });
    expect(
      await screen.findByText(
        "The role of Rita Permit in Tank farm could not be saved: You are not allowed to do this.",
      ),
    ).toBeTruthy();
    expect(cell.value).toBe("verifier");
  });

  it("lists every bad row of a refused import, and applies nothing", async () => {
    const server = orgServer({ managers: [rita], matrix }, ({ method, url }) =>
      method === "POST" && url === "/permissions/import"
        ? {
            status: 400,
            data: {
              error: {
                code: "IMPORT_INVALID",
                message: "x",
                rows: [
                  { row: 4, errors: ["unknownEmail", "badRole"] },
                  { row: 2, errors: ["unknownSector"] },
                ],
              },
            },
          }
        : undefined,
    );
    renderPage("/superresponsible/responsable?tab=matrix", { token: superToken() });
    await screen.findByLabelText("Role of Rita Permit in Tank farm");
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["a,b,c"], "permissions.csv", { type: "text/csv" })] } });
    const dialog = await screen.findByRole("dialog", { name: "Import permissions" });
    expect(within(dialog).getByText("Apply the permissions in permissions.csv?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    const errors = await within(dialog).findByTestId("import-errors");
    const lines = within(errors)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(lines).toEqual(["Row 2: unknown sector", "Row 4: unknown e-mail; bad role"]);
    expect(within(errors).getByText(/Nothing was applied/)).toBeTruthy();
    expect((server.writes()[0]!.body as FormData).get("file")).toBeInstanceOf(File);
  });
});
