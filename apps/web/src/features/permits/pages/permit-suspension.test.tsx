import { SIGNATURE_DECLARATIONS, type TPermit } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { enterpriseToken, permit, permitServer, supplierToken, uuid } from "../testing/permit-server";

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
});

const running = permit(21, {
  status: "In_progress",
  documentNumber: "PTW-2026-000021",
  canEdit: false,
  actions: ["end", "suspend", "cancel"],
});
const suspension = {
  by: { id: uuid(8), name: "Nadia Verifier", role: "Responsible" },
  at: "2026-11-20T09:00:00.000Z",
  reason: "Gas alarm at the pump house",
  emergencyId: null,
};

/** The server's answer to an action: the permit as it now is (a reload reads the same). */
function answer(state: { permits: TPermit[] }, next: TPermit) {
  state.permits = state.permits.map((p) => (p.id === next.id ? next : p));
  return { status: 200, data: { data: next } };
}

describe("suspending and resuming a permit", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("asks the reason before suspending, then shows the permit suspended", async () => {
    const server = permitServer({ permits: [running] }, ({ method }, state) =>
      method === "POST" ? answer(state, { ...running, suspension, actions: ["end", "cancel"] }) : undefined,
    );
    renderPage(`/supplier/list-permis-sent/${running.id}`, { token: supplierToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Suspend the work" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Suspend the work?" });
    expect(dialog.textContent).toContain("Only a manager can resume it");
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend the work" }));
    expect(server.writes()).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Gas alarm at the pump house" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend the work" }));
    expect(await screen.findByText("Permit suspended: the work is stopped")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { url: `/permits/${running.id}/suspend`, body: { remark: "Gas alarm at the pump house" } },
    ]);
    const banner = await screen.findByTestId("permit-suspension");
    expect(banner.textContent).toContain("Suspended: the work is stopped");
    expect(banner.textContent).toContain("Nadia Verifier");
    expect(banner.textContent).toContain("Reason: Gas alarm at the pump house");
    expect(screen.getAllByTestId("permit-suspended").length).toBeGreaterThan(0);
    // The holder has no Resume button: only the end and the cancel.
    expect(screen.queryByRole("button", { name: "Resume the work" })).toBeNull();
  });

  it("says an emergency stop held a not yet started permit", async () => {
    const held = { ...running, status: "accepted" as const, actions: ["cancel" as const] };
    permitServer({ permits: [{ ...held, suspension: { ...suspension, emergencyId: uuid(90) } }] });
    renderPage(`/supplier/list-permis-sent/${held.id}`, { token: supplierToken() });
    const banner = await screen.findByTestId("permit-suspension", {}, { timeout: patient(10_000) });
    expect(banner.textContent).toContain("Suspended: the work may not start");
    expect(banner.textContent).toContain("Emergency stop declared by Nadia Verifier");
  });

  it("lets a manager resume it with a signature (declaration and password)", async () => {
    const suspended = { ...running, suspension, actions: ["resume" as const, "cancel" as const] };
    const server = permitServer({ permits: [suspended] }, ({ method }, state) =>
      method === "POST" ? answer(state, { ...running, actions: ["suspend", "cancel"] }) : undefined,
    );
    renderPage(`/enterprise/permit/${suspended.id}`, { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Resume the work" }, { timeout: patient(10_000) }));
    const dialog = await screen.findByRole("dialog", { name: "Sign the resumption" });
    fireEvent.click(within(dialog).getByLabelText(SIGNATURE_DECLARATIONS.resume.en));
    fireEvent.change(within(dialog).getByTestId("sign-password"), { target: { value: "Correct-horse-9" } });
    fireEvent.click(within(dialog).getByTestId("sign-confirm"));
    expect(await screen.findByText("Resumption signed: the work may go on")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        url: `/permits/${suspended.id}/resume`,
        body: { password: "Correct-horse-9", declaration: true, language: "en" },
      },
    ]);
    expect(screen.queryByTestId("permit-suspension")).toBeNull();
  });
});
