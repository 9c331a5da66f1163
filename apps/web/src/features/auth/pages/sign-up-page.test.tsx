import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillForm() {
  await screen.findByRole("heading", { level: 1, name: "Create an account" });
  fireEvent.click(screen.getByLabelText("Enterprise"));
  fill("Company name", "Rhône Works");
  fill("Full name", "Camille Martin");
  fill("Email", "camille@example.com");
  fill("Phone", "+33 6 11 22 33 44");
  fill(/^Password/, "Long-enough-1");
  fill("Confirm password", "Long-enough-1");
  fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
}

describe("sign-up page", () => {
  it("sends the shared sign-up fields with the UI language and goes to Confirm-account", async () => {
    const calls = fakeApi(() => ({
      status: 201,
      data: { data: { email: "camille@example.com", codeExpiresAt: "2030-01-01T00:10:00.000Z" } },
    }));
    const { router } = renderPage("/auth/sign-up");
    await fillForm();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/Confirm-account"));
    expect(router.state.location.search).toBe("?email=camille%40example.com");
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/auth/sign-up",
      body: {
        accountType: "Enterprise",
        companyName: "Rhône Works",
        name: "Camille Martin",
        email: "camille@example.com",
        phone: "+33 6 11 22 33 44",
        password: "Long-enough-1",
        language: "en",
      },
    });
    expect(calls[0]!.body).not.toHaveProperty("confirmPassword");
  });

  it("shows the server's field errors as translated validation messages", async () => {
    fakeApi(() => apiError(400, "VALIDATION_FAILED", { phone: "invalidNumberFormat" }));
    renderPage("/auth/sign-up");
    await fillForm();
    expect(await screen.findByText("Invalid number format")).toBeTruthy();
    expect(screen.queryByTestId("form-error")).toBeNull();
  });

  it("shows every problem at once, the password mismatch included, without calling", async () => {
    const calls = fakeApi(() => ({ status: 500 }));
    renderPage("/auth/sign-up");
    await screen.findByRole("heading", { level: 1, name: "Create an account" });
    fill("Company name", "A");
    fill("Email", "not-an-email");
    fill(/^Password/, "short");
    fill("Confirm password", "different");
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Passwords must match")).toBeTruthy();
    for (const message of ["At least 2 characters", "Invalid email address", "Minimum 8 characters", "Name required"]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("not-an-email");
    expect(calls).toHaveLength(0);
  });
});
