import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";

const ID = "00000000-0000-4000-8000-0000000000e1";
const division = { id: "d1", name: "North Plant", enterpriseId: "e1", enterpriseName: "Rhône Refinery" };
const me = {
  id: ID,
  name: "Rita Permit",
  email: "rita@x.io",
  role: "Responsible",
  division,
  phone: null,
  language: "en",
  status: "active",
  createdAt: "2026-01-05T09:00:00.000Z",
};

function server(answer: (request: TFakeRequest) => { status: number; data?: unknown } | undefined) {
  return fakeApi((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url === `/Responsible/${ID}`) return { status: 200, data: { data: { ...me, phone: undefined } } };
    if (request.url === "/auth/me") return { status: 200, data: { data: me } };
    return { status: 404 };
  });
}

const token = fakeToken({ role: "Responsible", id: ID, email: "rita@x.io" });

describe("profile page", () => {
  it("shows the account and sends only what changed", async () => {
    const calls = server(({ method, body }) =>
      method === "PATCH" ? { status: 200, data: { data: { ...me, ...(body as object) } } } : undefined,
    );
    renderPage("/responsible/profile", { token });
    expect(await screen.findByText("North Plant")).toBeTruthy();
    expect(screen.getByText("Permit manager")).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Rita Permit-Manager" } });
    fireEvent.click(save);
    expect(await screen.findByText("Profile updated")).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      url: "/auth/me",
      body: { name: "Rita Permit-Manager" },
    });
  });

  it("puts OLD_PASSWORD_INVALID on the old password and keeps the fields", async () => {
    const calls = server(({ url }) =>
      url === "/auth/change-password" ? apiError(400, "OLD_PASSWORD_INVALID") : undefined,
    );
    renderPage("/responsible/profile#change-password", { token });
    const section = (await screen.findByRole("heading", { name: "Change password" })).closest("section")!;
    fireEvent.change(within(section).getByLabelText("Old password"), { target: { value: "wrong-one" } });
    fireEvent.change(within(section).getByLabelText(/^New password/), { target: { value: "Brand-new-1" } });
    fireEvent.change(within(section).getByLabelText("Confirm new password"), { target: { value: "Brand-new-1" } });
    fireEvent.click(within(section).getByRole("button", { name: "Change password" }));
    expect(await within(section).findByText("Old password invalid")).toBeTruthy();
    expect(calls.find((call) => call.url === "/auth/change-password")).toMatchObject({
      body: { oldPassword: "wrong-one", newPassword: "Brand-new-1" },
    });
    expect((within(section).getByLabelText("Old password") as HTMLInputElement).value).toBe("wrong-one");
  });

  it("signs out from the profile menu: server call, token gone, sign-in page", async () => {
    const calls = server(({ url }) => (url === "/auth/sign-out" ? { status: 204 } : undefined));
    const { router } = renderApp("/responsible/profile", { token });
    fireEvent.click(await screen.findByRole("button", { name: /Account menu/ }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in/default"));
    expect(calls.some((call) => call.method === "POST" && call.url === "/auth/sign-out")).toBe(true);
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("asks before signing out or leaving with an unsaved profile, and not once it is saved", async () => {
    const calls = server(({ method, url, body }) => {
      if (url === "/auth/sign-out") return { status: 204 };
      return method === "PATCH" ? { status: 200, data: { data: { ...me, ...(body as object) } } } : undefined;
    });
    const { router } = renderApp("/responsible/profile", { token });
    expect(await screen.findByText("North Plant", undefined, { timeout: patient(10_000) })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Rita Permit-Manager" } });

    fireEvent.click(screen.getByTestId("profile-menu"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(calls.some((call) => call.url === "/auth/sign-out")).toBe(false);
    expect(router.state.location.pathname).toBe("/responsible/profile");
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Rita Permit-Manager");

    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/responsible/profile");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Profile updated")).toBeTruthy();
    fireEvent.click(screen.getByTestId("profile-menu"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/sign-in/default"));
    expect(calls.some((call) => call.url === "/auth/sign-out")).toBe(true);
  });
});
