import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionExpiredHandler } from "../lib/api/client";
import { fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { fakeToken } from "../test/tokens";

const profileOf = (role: string) => ({
  status: 200,
  data: { data: { id: "00000000-0000-4000-8000-000000000001", name: "Jo Doe", email: "jo@example.com", role } },
});

/** Answers the session's profile call for whatever role the token carries. */
function serveProfiles() {
  return fakeApi(({ method, url }) => {
    const match = /^\/(\w+)\/[0-9a-f-]{36}$/.exec(url);
    if (method === "GET" && match && match[1] !== "Auditor") return profileOf(match[1]!);
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "no" } } };
  });
}

async function landsOn(router: ReturnType<typeof renderApp>["router"], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

beforeEach(() => {
  setSessionExpiredHandler(() => {});
});

afterEach(() => {
  serveProfiles();
});

describe("signed out", () => {
  beforeEach(() => {
    serveProfiles();
  });

  it("sends bare /auth and /auth/sign-in to the sign-in page", async () => {
    const { router } = renderApp("/auth");
    await landsOn(router, "/auth/sign-in/default");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
  });

  it("sends an unknown path to /auth, then to sign-in", async () => {
    const { router } = renderApp("/nope");
    await landsOn(router, "/auth/sign-in/default");
  });

  it("keeps every area closed", async () => {
    const { router } = renderApp("/admin/demands");
    await landsOn(router, "/auth/sign-in/default");
  });

  it("opens the other auth pages without a session", async () => {
    const { router } = renderApp("/auth/reset");
    expect(await screen.findByRole("heading", { level: 1, name: "Reset your password" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/reset");
  });
});

describe("signed in", () => {
  beforeEach(() => {
    serveProfiles();
  });

  it("redirects an area's bare root to its default page", async () => {
    const { router } = renderApp("/supplier", { token: fakeToken({ role: "Supplier" }) });
    await landsOn(router, "/supplier/default");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });

  it("sends an unknown path to the user's own role root", async () => {
    const { router } = renderApp("/nope", { token: fakeToken({ role: "Enterprise" }) });
    await landsOn(router, "/enterprise/default");
  });

  it("sends an unknown page inside another area to the user's own area", async () => {
    const { router } = renderApp("/enterprise/nope", { token: fakeToken({ role: "Admin" }) });
    await landsOn(router, "/admin/default");
  });

  it("refuses another role's area: /auth, where the user may sign in with another account", async () => {
    const { router } = renderApp("/enterprise/default", { token: fakeToken({ role: "Employee" }) });
    await landsOn(router, "/auth/sign-in/default");
    expect(await screen.findByTestId("other-account-notice")).toBeTruthy();
    expect(screen.getByRole("link", { name: "go back to your dashboard" }).getAttribute("href")).toBe(
      "/employee/default",
    );
  });

  it("uses the lower-cased role claim for the area", async () => {
    const { router } = renderApp("/superresponsible/zones", { token: fakeToken({ role: "SuperResponsible" }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Sectors" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/superresponsible/zones");
  });

  it("sends a signed-in user away from the sign-in page to their default page", async () => {
    const { router } = renderApp("/auth/sign-in/default", { token: fakeToken({ role: "Responsible" }) });
    await landsOn(router, "/responsible/default");
  });

  it("treats a token whose role has no area as signed out", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { router } = renderApp("/nope", { token: fakeToken({ role: "Auditor" }) });
    await landsOn(router, "/auth/sign-in/default");
    expect(logged).toHaveBeenCalledWith("Could not load the profile", expect.anything());
  });

  it("lists the area's pages in its navbar", async () => {
    renderApp("/employee/default", { token: fakeToken({ role: "Employee" }) });
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    const links = Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/employee/default",
      "/employee/list-permis-saved",
      "/employee/list-permis-sent",
      "/employee/card",
    ]);
  });
});

describe("while the session loads", () => {
  it("renders nothing in a guarded area and does not redirect", async () => {
    const calls = fakeApi(() => new Promise<never>(() => {}));
    const { router, container } = renderApp("/enterprise/default", { token: fakeToken({ role: "Enterprise" }) });
    await waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]!.url).toBe("/Enterprise/00000000-0000-4000-8000-000000000001");
    expect(router.state.location.pathname).toBe("/enterprise/default");
    expect(container.querySelector("header, nav, main, h1")).toBeNull();
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("does not decide where an unknown path goes yet", async () => {
    fakeApi(() => new Promise<never>(() => {}));
    const { router } = renderApp("/nope", { token: fakeToken({ role: "Enterprise" }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe("/nope");
  });
});
