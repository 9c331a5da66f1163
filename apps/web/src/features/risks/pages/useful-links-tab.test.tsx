import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createsAt } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { enterpriseToken, link, risksServer, superToken, uuid } from "../testing/risks-server";

describe("the useful links tab of the risk assignment page", () => {
  it("says what to do when empty, checks the URL, then adds a link", async () => {
    const server = risksServer(
      {},
      createsAt("/links", (state) => state.links, link(uuid(70), "x")),
    );
    renderPage("/enterprise/assigne-risk?tab=links", { token: enterpriseToken() });
    expect(await screen.findByText("No useful link yet", {}, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.getByText(/Add the pages your teams need at hand/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New useful link" }));
    const dialog = await screen.findByRole("dialog", { name: "New useful link" });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Harness video" } });
    fireEvent.change(within(dialog).getByLabelText("URL"), { target: { value: "video.example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("A valid URL is required")).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("URL"), { target: { value: "https://video.example.com/harness" } });
    fireEvent.change(within(dialog).getByLabelText(/^Tag/), { target: { value: "Training" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Harness video added")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({
      method: "POST",
      url: "/links",
      body: { title: "Harness video", url: "https://video.example.com/harness", tag: "Training" },
    });
    expect(
      await screen.findByRole("link", { name: "https://video.example.com/harness (opens in a new tab)" }),
    ).toBeTruthy();
  });

  it("edits a link and asks before deleting one", async () => {
    const server = risksServer({ links: [link(uuid(71), "Height regulation", "Regulation")] }, (request, state) => {
      if (request.method === "PATCH") {
        state.links = [{ ...state.links[0]!, ...(request.body as object) }];
        return { status: 200, data: { data: state.links[0] } };
      }
      if (request.method === "DELETE") {
        state.links = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderPage("/enterprise/assigne-risk?tab=links", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Height regulation" }, { timeout: patient(5000) }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Height regulation" });
    fireEvent.change(within(dialog).getByLabelText(/^Tag/), { target: { value: "Law" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Height regulation updated")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({ method: "PATCH", url: `/links/${uuid(71)}` });
    expect(server.writes()[0]!.body).toMatchObject({ title: "Height regulation", tag: "Law" });

    fireEvent.click(await screen.findByRole("button", { name: "Delete Height regulation" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Height regulation?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Height regulation deleted")).toBeTruthy();
    expect(server.writes()[1]).toMatchObject({ method: "DELETE", url: `/links/${uuid(71)}` });
    await waitFor(() => expect(screen.getByText("No useful link yet")).toBeTruthy());
  });

  it("is read only for a super-responsible", async () => {
    risksServer({ links: [link(uuid(72), "Confined space guide", "Procedure")] });
    renderPage("/superresponsible/assigne-risk?tab=links", { token: superToken() });
    expect(
      await screen.findByRole("link", { name: /docs\.example\.com.*opens in a new tab/ }, { timeout: patient(5000) }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New useful link" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Confined space guide" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Confined space guide" })).toBeNull();
  });
});
