import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import frCommon from "../../../../public/locales/fr/common.json";
import frRisks from "../../../../public/locales/fr/risks.json";
import { createsAt } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { createTestI18n } from "../../../test/test-i18n";
import { patient } from "../../../test/timeouts";
import { adminToken, epi, risksServer, type TRisksState, uuid } from "../testing/risks-server";

describe("protective equipment catalogue", () => {
  it("starts empty, checks the name, creates an EPI with its icon", async () => {
    const creates = createsAt("/epis", (state: TRisksState) => state.epis, epi(uuid(50), "x"));
    const server = risksServer({}, (request, state) => {
      if (request.method === "PUT" && request.url === `/epis/${uuid(50)}/icon`) {
        return { status: 200, data: { data: state.epis[0] } };
      }
      return creates(request, state);
    });
    renderPage("/admin/epis", { token: adminToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Protective equipment" }, { timeout: patient(5000) }),
    ).toBeTruthy();
    expect(await screen.findByText("No protective equipment yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New protective equipment" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Name required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Name in English"), { target: { value: "Safety harness" } });
    fireEvent.change(within(dialog).getByLabelText("Name in French (optional)"), {
      target: { value: "Harnais antichute" },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], "harness.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("epi-icon-file"), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Safety harness added to the catalogue")).toBeTruthy();
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /epis",
      `PUT /epis/${uuid(50)}/icon`,
    ]);
    expect(server.writes()[0]!.body).toEqual({ name: "Safety harness", nameFr: "Harnais antichute", description: "" });
  });

  it("asks before deleting", async () => {
    const server = risksServer({ epis: [epi(uuid(51), "Hard hat")] }, ({ method }, state) => {
      if (method === "DELETE") {
        state.epis = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderPage("/admin/epis", { token: adminToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Hard hat" }, { timeout: patient(5000) }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Hard hat?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Hard hat deleted")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({ method: "DELETE", url: `/epis/${uuid(51)}` });
    await waitFor(() => expect(screen.getByText("No protective equipment yet")).toBeTruthy());
  });

  it("names the EPI in the reader's language when it asks about one", async () => {
    risksServer({ epis: [{ ...epi(uuid(53), "Hard hat"), nameFr: "Casque" }] });
    const i18n = createTestI18n();
    i18n.addResourceBundle("fr", "risks", frRisks, true, true);
    i18n.addResourceBundle("fr", "common", frCommon, true, true);
    await i18n.changeLanguage("fr");
    renderPage("/admin/epis", { token: adminToken(), i18n });
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer Casque" }, { timeout: patient(5000) }));
    expect(await screen.findByRole("dialog", { name: "Supprimer Casque ?" })).toBeTruthy();
  });

  it("removes the stored icon after a confirmation", async () => {
    const icon = { url: `/api/epis/${uuid(52)}/icon?v=1`, contentType: "image/png" as const, width: 8, height: 8 };
    const hat = { ...epi(uuid(52), "Hard hat"), icon: { ...icon, updatedAt: "2026-11-20T08:30:00.000Z" } };
    const server = risksServer({ epis: [hat] }, ({ method, url }, state) => {
      if (method === "GET" && url.startsWith(`/epis/${uuid(52)}/icon`)) return { status: 200, data: new Blob(["png"]) };
      if (method === "DELETE" && url === `/epis/${uuid(52)}/icon`) {
        state.epis = [{ ...hat, icon: null }];
        return { status: 200, data: { data: state.epis[0] } };
      }
      return undefined;
    });
    renderPage("/admin/epis", { token: adminToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Hard hat" }, { timeout: patient(5000) }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Hard hat" });
    expect(await within(dialog).findByRole("img", { name: "Icon: preview" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove Icon" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove the image (Icon)?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Image removed (Icon)")).toBeTruthy();
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([`DELETE /epis/${uuid(52)}/icon`]);
    expect(await within(dialog).findByText("No image")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Remove Icon" })).toBeNull();
  });
});
