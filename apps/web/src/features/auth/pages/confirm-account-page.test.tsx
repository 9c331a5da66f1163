import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";

async function confirmWith(code: string) {
  await screen.findByRole("heading", { level: 1, name: "Confirm your account" });
  fireEvent.change(screen.getByLabelText("Security code, digit 1 of 6"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
}

describe("confirm account page", () => {
  it("confirms an active account and goes to sign-in", async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: { status: "active" } } }));
    const { router } = renderPage("/auth/Confirm-account?email=sam%40acme.io");
    expect((await screen.findByLabelText("Email")) as HTMLInputElement).toHaveProperty("value", "sam@acme.io");
    await confirmWith("654321");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in/default"));
    expect(calls[0]).toMatchObject({ url: "/auth/confirm-account", body: { email: "sam@acme.io", code: "654321" } });
    expect(await screen.findByText("Account confirmed. You can now sign in.")).toBeTruthy();
  });

  it("explains that an enterprise account waits for the platform admin", async () => {
    fakeApi(() => ({ status: 200, data: { data: { status: "pending_verification" } } }));
    const { router } = renderPage("/auth/Confirm-account?email=boss%40acme.io");
    await confirmWith("654321");
    expect(await screen.findByRole("heading", { level: 1, name: "Account under verification" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/Confirm-account");
  });

  it("sends a new code and shows its countdown", async () => {
    const calls = fakeApi(() => ({
      status: 200,
      data: { data: { codeExpiresAt: new Date(Date.now() + 600_000).toISOString() } },
    }));
    renderPage("/auth/Confirm-account?email=sam%40acme.io");
    fireEvent.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByTestId("code-countdown")).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: "/auth/resend-confirmation", body: { email: "sam@acme.io" } });
  });
});
