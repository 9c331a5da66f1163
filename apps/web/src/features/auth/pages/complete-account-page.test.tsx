import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";

const invitation = {
  email: "sam@acme.io",
  name: "Sam Scaffold",
  phone: "+33 6 00 00 00 01",
  role: "Supplier",
  companyName: "Acme Scaffolding",
};

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("completing an invited account", () => {
  it("reads the invitation, then sets the password (and company name for a supplier)", async () => {
    const calls = fakeApi(({ url }) =>
      url === "/auth/invitation"
        ? { status: 200, data: { data: invitation } }
        : { status: 200, data: { data: { email: invitation.email } } },
    );
    const { router } = renderPage("/auth/complete/supplier?token=tok-123");
    expect(await screen.findByText("You have been invited to join Acme Scaffolding on OpenPermit.")).toBeTruthy();
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Sam Scaffold");
    expect((screen.getByLabelText("Company name") as HTMLInputElement).value).toBe("Acme Scaffolding");
    fill("Phone", "+33 6 00 00 00 01");
    fill(/^Password/, "Chosen-pass-1");
    fill("Confirm password", "Chosen-pass-1");
    fireEvent.click(screen.getByRole("button", { name: "Complete account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in/default"));
    expect(calls[0]).toMatchObject({ url: "/auth/invitation", body: { token: "tok-123" } });
    expect(calls[1]).toMatchObject({
      url: "/auth/complete-account",
      body: {
        token: "tok-123",
        password: "Chosen-pass-1",
        name: "Sam Scaffold",
        phone: "+33 6 00 00 00 01",
        companyName: "Acme Scaffolding",
      },
    });
  });

  it("sends no company name for a person invited by their company", async () => {
    const calls = fakeApi(({ url }) =>
      url === "/auth/invitation"
        ? { status: 200, data: { data: { ...invitation, role: "Employee" } } }
        : { status: 200, data: { data: { email: invitation.email } } },
    );
    renderPage("/auth/Complete-Account?token=tok-9");
    await screen.findByLabelText("Full name");
    expect(screen.queryByLabelText("Company name")).toBeNull();
    fill("Phone", "+33 6 00 00 00 01");
    fill(/^Password/, "Chosen-pass-1");
    fill("Confirm password", "Chosen-pass-1");
    fireEvent.click(screen.getByRole("button", { name: "Complete account" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).not.toHaveProperty("companyName");
  });

  it("says so when the invitation is not valid", async () => {
    fakeApi(() => apiError(400, "INVITATION_INVALID"));
    renderPage("/auth/Complete-Account?token=spent");
    expect(await screen.findByText("Invitation not valid")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });
});
