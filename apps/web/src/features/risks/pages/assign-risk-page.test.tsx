import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createsAt } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { enterpriseToken, epi, risksServer, superToken, uuid } from "../testing/risks-server";

describe("risk assignment page", () => {
  it("lets the enterprise pick the protective equipment it uses", async () => {
    const server = risksServer({
      epis: [epi(uuid(60), "Hard hat"), epi(uuid(61), "Safety harness"), epi(uuid(62), "Ear defenders")],
      picks: [uuid(60)],
    });
    renderPage("/enterprise/assigne-risk?tab=epis", { token: enterpriseToken() });
    const hat = (await screen.findByRole(
      "checkbox",
      { name: "Hard hat" },
      { timeout: patient(5000) },
    )) as HTMLInputElement;
    expect(hat.checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Safety harness" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Protective equipment saved (2 chosen)")).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({
      method: "PUT",
      url: "/enterprise-epis",
      body: { epiIds: [uuid(60), uuid(61)] },
    });
  });

  it("creates a critical risk, listed among the critical risks", async () => {
    const server = risksServer(
      {},
      createsAt("/risks", (state) => state.risks, { id: uuid(80), createdAt: "2026-11-20T08:30:00.000Z" } as never),
    );
    renderPage("/enterprise/assigne-risk?tab=risks", { token: enterpriseToken() });
    expect(await screen.findByText("No risk yet", {}, { timeout: patient(5000) })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New risk" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Fall from height" } });
    fireEvent.change(within(dialog).getByLabelText("Category"), { target: { value: "Height" } });
    fireEvent.click(within(dialog).getByRole("switch", { name: "Critical risk" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Fall from height created")).toBeTruthy();
    expect(server.writes()[0]!.body).toEqual({
      name: "Fall from height",
      description: "",
      category: "Height",
      critical: true,
      minLevelId: null,
    });
    fireEvent.click(screen.getByRole("tab", { name: "Critical risks" }));
    expect(await screen.findByRole("heading", { name: /Fall from height/ })).toBeTruthy();
  });

  it("checks the training link of a new specific critical risk", async () => {
    const server = risksServer({}, ({ method, url, body }) =>
      method === "POST" && url === "/specific-risks"
        ? {
            status: 201,
            data: {
              data: {
                id: uuid(90),
                links: [],
                logogram: null,
                files: [],
                createdAt: "2026-11-20T08:30:00.000Z",
                ...(body as object),
              },
            },
          }
        : undefined,
    );
    renderPage("/enterprise/assigne-risk?tab=specific", { token: enterpriseToken() });
    fireEvent.click(
      await screen.findByRole("button", { name: "New specific critical risk" }, { timeout: patient(5000) }),
    );
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Working at height" } });
    fireEvent.change(within(dialog).getByLabelText("Description"), { target: { value: "Above 2 m" } });
    fireEvent.change(within(dialog).getByLabelText("Training link"), { target: { value: "not a link" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add checklist item" }));
    fireEvent.change(within(dialog).getByLabelText("Checklist item 1"), { target: { value: "Harness inspected" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("A valid URL is required")).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Training link"), {
      target: { value: "https://training.example.com/height" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Working at height created")).toBeTruthy();
    expect(server.writes()[0]!.body).toMatchObject({
      name: "Working at height",
      trainingUrl: "https://training.example.com/height",
      checklist: ["Harness inspected"],
    });
  });

  it("opens on the risk assignment, which asks for a sector first", async () => {
    risksServer();
    renderPage("/enterprise/assigne-risk", { token: enterpriseToken() });
    expect(await screen.findByTestId("sector-first", {}, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to sectors" }).getAttribute("href")).toBe("/enterprise/secteurs");
  });

  it("lets a super-responsible read the risks, without the enterprise's protective equipment picks", async () => {
    risksServer({
      risks: [
        {
          id: uuid(81),
          name: "Toxic gas",
          description: "",
          category: "",
          critical: true,
          minLevelId: null,
          createdAt: "2026-11-20T08:30:00.000Z",
        },
      ],
    });
    renderPage("/superresponsible/assigne-risk?tab=risks", { token: superToken() });
    expect(await screen.findByRole("heading", { name: /Toxic gas/ }, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New risk" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Protective equipment" })).toBeNull();
    expect(screen.getByRole("tab", { name: "Risk assignment" })).toBeTruthy();
  });
});
