import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";

const inTenMinutes = () => new Date(Date.now() + 600_000).toISOString();

function server(resetAnswer: (request: TFakeRequest) => { status: number; data?: unknown }) {
  return fakeApi((request) => {
    if (request.url === "/auth/forgot-password")
      return { status: 200, data: { data: { codeExpiresAt: inTenMinutes() } } };
    if (request.url === "/auth/verify-reset-code") {
      const { code } = request.body as { code: string };
      return code === "123456"
        ? { status: 200, data: { data: { resetToken: "reset-tok" } } }
        : {
            status: 400,
            data: { error: { code: "SECURITY_CODE_INVALID", message: "x", fields: { code: "SECURITY_CODE_INVALID" } } },
          };
    }
    return resetAnswer(request);
  });
}

async function reachPasswordStep() {
  fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "sam@acme.io" } });
  fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  expect((await screen.findByTestId("code-countdown")).textContent).toMatch(/^Remaining time (10:00|09:59)$/);
  const firstDigit = screen.getByLabelText("Security code, digit 1 of 6");
  fireEvent.change(firstDigit, { target: { value: "000000" } });
  fireEvent.click(screen.getByRole("button", { name: "Verify" }));
  expect(await screen.findByText("Security code invalid")).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Security code, digit 1 of 6"), { target: { value: "123456" } });
  fireEvent.click(screen.getByRole("button", { name: "Verify" }));
  await screen.findByLabelText(/^New password/);
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: "Fresh-pass-1" } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Fresh-pass-1" } });
  fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
}

describe("reset password page", () => {
  it("goes e-mail → code (with countdown) → new password → sign-in", async () => {
    const calls = server(() => ({ status: 204 }));
    const { router } = renderPage("/auth/reset");
    await reachPasswordStep();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in/default"));
    expect(await screen.findByText("Password changed")).toBeTruthy();
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ["/auth/forgot-password", { email: "sam@acme.io" }],
      ["/auth/verify-reset-code", { email: "sam@acme.io", code: "000000" }],
      ["/auth/verify-reset-code", { email: "sam@acme.io", code: "123456" }],
      ["/auth/reset-password", { resetToken: "reset-tok", password: "Fresh-pass-1" }],
    ]);
  });

  it("offers a new code when the reset expired before the new password was sent", async () => {
    server(() => apiError(400, "SECURITY_CODE_EXPIRED"));
    renderPage("/auth/reset");
    await reachPasswordStep();
    fireEvent.click(await screen.findByRole("button", { name: "Ask for a new code" }));
    expect(((await screen.findByLabelText("Email")) as HTMLInputElement).value).toBe("sam@acme.io");
    expect(screen.getByRole("button", { name: "Send code" })).toBeTruthy();
  });
});
