import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getStoredToken } from "../../../lib/session/token-storage";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render-app";
import { fakeToken } from "../../../test/tokens";

const ID = "5f0c5d7e-6f4e-4c39-9d0b-1a2b3c4d5e6f";
const token = fakeToken({ role: "Enterprise", id: ID, email: "boss@acme.io" });

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in page", () => {
  it("signs in, stores the token, loads the profile and opens the user's area", async () => {
    const calls = fakeApi(({ url }) => {
      if (url === "/auth/sign-in") return { status: 200, data: { data: { token } } };
      return { status: 200, data: { data: { id: ID, name: "Bo Boss", email: "boss@acme.io", role: "Enterprise" } } };
    });
    const { router } = renderApp("/auth/sign-in/default");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fillAndSubmit(" boss@acme.io ", "secret-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/enterprise/default"));
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/auth/sign-in",
      body: { email: "boss@acme.io", password: "secret-password" },
    });
    expect(calls[1]).toMatchObject({ method: "GET", url: `/Enterprise/${ID}` });
    expect(getStoredToken()).toBe(token);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });

  it("shows the translated error and keeps what was typed", async () => {
    fakeApi(() => apiError(401, "INVALID_CREDENTIALS"));
    const { router } = renderPage("/auth/sign-in/default");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fillAndSubmit("boss@acme.io", "wrong-password");
    expect(await screen.findByText("Incorrect email address or password")).toBeTruthy();
    expect(screen.queryByText("server text for INVALID_CREDENTIALS")).toBeNull();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("boss@acme.io");
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe("wrong-password");
    expect(router.state.location.pathname).toBe("/auth/sign-in/default");
  });

  it("offers to confirm an unconfirmed account with its email", async () => {
    fakeApi(() => apiError(403, "ACCOUNT_NOT_CONFIRMED"));
    renderPage("/auth/sign-in/default");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fillAndSubmit("new@acme.io", "secret-password");
    const link = await screen.findByRole("link", { name: "Confirm your account now" });
    expect(link.getAttribute("href")).toBe("/auth/Confirm-account?email=new%40acme.io");
  });

  it("checks the fields in the browser with the shared messages, before any call", async () => {
    const calls = fakeApi(() => ({ status: 500 }));
    renderPage("/auth/sign-in/default");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fillAndSubmit("not-an-email", "");
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
    expect(screen.getByText("Password required")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("says so when the server cannot be reached", async () => {
    fakeApi(() => "network-error");
    renderPage("/auth/sign-in/default");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    fillAndSubmit("boss@acme.io", "secret-password");
    expect(await screen.findByText("There was a connection error")).toBeTruthy();
  });

  describe("after a link opened signed out", () => {
    const PERMIT = "/enterprise/permit/00000000-0000-4000-8000-000000000107";
    const signInAnswers = () =>
      fakeApi(({ url }) => {
        if (url === "/auth/sign-in") return { status: 200, data: { data: { token } } };
        // The linked page's own calls: only where the browser lands matters here.
        if (url.startsWith("/permits")) return apiError(404, "NOT_FOUND");
        return { status: 200, data: { data: { id: ID, name: "Bo Boss", email: "boss@acme.io", role: "Enterprise" } } };
      });

    it("lands on the linked page of the user's area, not the dashboard", async () => {
      signInAnswers();
      const { router } = renderApp(`${PERMIT}?tab=history#files`);
      await screen.findByRole("heading", { level: 1, name: "Sign in" });
      expect(router.state.location.pathname).toBe("/auth/sign-in/default");
      fillAndSubmit("boss@acme.io", "secret-password");
      await waitFor(() => expect(router.state.location.pathname).toBe(PERMIT));
      expect(router.state.location.search).toBe("?tab=history");
      expect(router.state.location.hash).toBe("#files");
    });

    it("goes to the dashboard when the linked page is another role's", async () => {
      signInAnswers();
      const { router } = renderApp("/supplier/list-permis-sent/00000000-0000-4000-8000-000000000107");
      await screen.findByRole("heading", { level: 1, name: "Sign in" });
      fillAndSubmit("boss@acme.io", "secret-password");
      await waitFor(() => expect(router.state.location.pathname).toBe("/enterprise/default"));
    });

    it("goes back to the page a session ended on (?next=), never to another site", async () => {
      signInAnswers();
      const back = renderApp(`/auth/sign-in/default?next=${encodeURIComponent(PERMIT)}`);
      await screen.findByRole("heading", { level: 1, name: "Sign in" });
      fillAndSubmit("boss@acme.io", "secret-password");
      await waitFor(() => expect(back.router.state.location.pathname).toBe(PERMIT));
      back.unmount();
      window.localStorage.clear();

      signInAnswers();
      const away = renderApp(`/auth/sign-in/default?next=${encodeURIComponent("//evil.example/enterprise/x")}`);
      await screen.findByRole("heading", { level: 1, name: "Sign in" });
      fillAndSubmit("boss@acme.io", "secret-password");
      await waitFor(() => expect(away.router.state.location.pathname).toBe("/enterprise/default"));
    });
  });
});
