import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createsAt } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { enterpriseToken, risksServer, uuid } from "../testing/risks-server";

describe("work types pages", () => {
  it("creates a procedure work type with an ordered checklist edited by buttons", async () => {
    const server = risksServer(
      {},
      createsAt("/work-types", (state) => state.workTypes, {
        id: uuid(70),
        files: [],
        createdAt: "2026-11-20T08:30:00.000Z",
      } as never),
    );
    renderPage("/enterprise/procedure-work-type", { token: enterpriseToken() });
    expect(await screen.findByText("No work type yet", {}, { timeout: patient(5000) })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New work type" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Hot work" } });
    fireEvent.change(within(dialog).getByLabelText("Procedure"), { target: { value: "Isolate, ventilate, watch." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add checklist item" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add checklist item" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add checklist item" }));
    fireEvent.change(within(dialog).getByLabelText("Checklist item 1"), { target: { value: "Fire watch posted" } });
    fireEvent.change(within(dialog).getByLabelText("Checklist item 2"), { target: { value: "Gas test done" } });
    // An empty item is refused.
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Checklist item required")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove checklist item 3" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move checklist item 2 up" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Hot work created")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({
      method: "POST",
      url: "/work-types",
      body: { kind: "procedure", name: "Hot work", checklist: ["Gas test done", "Fire watch posted"] },
    });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Hot work" })).toBeTruthy());
  });

  it("asks before a work type's typed form is thrown away by Escape or Cancel", async () => {
    const server = risksServer();
    renderPage("/enterprise/general-work-type", { token: enterpriseToken() });
    expect(await screen.findByText("No work type yet", {}, { timeout: patient(5000) })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New work type" }));
    const dialog = await screen.findByRole("dialog", { name: "New work type" });
    fireEvent.change(within(dialog).getByLabelText("Procedure"), { target: { value: "Isolate, ventilate, watch." } });

    fireEvent.keyDown(within(dialog).getByLabelText("Procedure"), { key: "Escape" });
    const asked = await screen.findByRole("dialog", { name: "Close without saving?" });
    fireEvent.click(within(asked).getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Close without saving?" })).toBeNull());
    expect((within(dialog).getByLabelText("Procedure") as HTMLTextAreaElement).value).toBe(
      "Isolate, ventilate, watch.",
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(await screen.findByRole("button", { name: "Close without saving" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New work type" })).toBeNull());
    expect(server.writes()).toEqual([]);
  });

  it("lists the incompatible work types and removes a pair after a confirmation", async () => {
    let pairs = [
      {
        id: uuid(80),
        workTypes: [
          { id: uuid(81), name: "Confined space entry" },
          { id: uuid(82), name: "Hot work" },
        ],
        createdAt: "2026-11-20T08:30:00.000Z",
      },
    ];
    const server = risksServer({}, ({ method, url }) => {
      if (url === "/incompatible-work-types" && method === "GET") return { status: 200, data: { data: pairs } };
      if (url === `/incompatible-work-types/${uuid(80)}` && method === "DELETE") {
        pairs = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderPage("/enterprise/procedure-work-type", { token: enterpriseToken() });
    const section = await screen.findByTestId("incompatible-pairs", {}, { timeout: patient(5000) });
    expect((await within(section).findByTestId("incompatible-pair")).textContent).toContain(
      "Confined space entry × Hot work",
    );
    fireEvent.click(within(section).getByRole("button", { name: "Remove the pair Confined space entry × Hot work" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this pair?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await within(section).findByText("No incompatible pair yet.")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "DELETE", url: `/incompatible-work-types/${uuid(80)}` }]);
  });
});
