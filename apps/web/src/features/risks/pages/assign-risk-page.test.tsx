import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { enterpriseToken, epi, risksServer, uuid } from "../testing/risks-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

describe("risk assignment page", () => {
  it("lets the enterprise pick the protective equipment it uses", async () => {
    const server = risksServer({
      epis: [epi(uuid(60), "Hard hat"), epi(uuid(61), "Safety harness"), epi(uuid(62), "Ear defenders")],
      picks: [uuid(60)],
    });
    renderApp("/enterprise/assigne-risk?tab=epis", { token: enterpriseToken() });
    const hat = (await screen.findByRole("checkbox", { name: "Hard hat" }, { timeout: 5000 })) as HTMLInputElement;
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
});
