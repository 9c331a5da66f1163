import { act, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api";
import { fakeToken } from "../../test/tokens";
import { SessionProvider, useSession } from "./session-context";
import type { TSession } from "./session-state";
import { getStoredToken, TOKEN_STORAGE_KEY } from "./token-storage";

const ID = "5f0c5d7e-6f4e-4c39-9d0b-1a2b3c4d5e6f";
const division = { id: "d1", name: "North Plant", enterpriseId: "e1", enterpriseName: "Rhône Refinery" };

type TSeen = TSession & { start: (token: string) => Promise<TSession>; end: () => void };

function Probe({ states }: { states: TSeen[] }) {
  states.push(useSession());
  return null;
}

/** Renders the provider and exposes every state it goes through. */
function renderSession() {
  const states: TSeen[] = [];
  render(
    <SessionProvider>
      <Probe states={states} />
    </SessionProvider>,
  );
  return { states, latest: () => states.at(-1)! };
}

describe("the session", () => {
  it("is signed out, not loading, without a stored token", () => {
    const calls = fakeApi(() => ({ status: 200 }));
    const { latest } = renderSession();
    expect(latest()).toMatchObject({ loading: false, role: null, id: null });
    expect(calls).toHaveLength(0);
  });

  it("decodes a stored token, loads the profile by raw role and id, then stops loading", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ role: "SuperResponsible", id: ID, email: "s@x.io" }));
    const calls = fakeApi(() => ({
      status: 200,
      data: { data: { id: ID, name: "Sam Site", email: "s@x.io", role: "SuperResponsible", division } },
    }));
    const { states, latest } = renderSession();
    expect(states[0]).toMatchObject({ loading: true, role: "SuperResponsible", id: ID, email: "s@x.io", name: null });
    await vi.waitFor(() => expect(latest().loading).toBe(false));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET /SuperResponsible/${ID}`]);
    expect(latest()).toMatchObject({ role: "SuperResponsible", id: ID, name: "Sam Site", parent: division });
  });

  it("only logs a profile error and still ends loading with role and id", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ role: "Employee", id: ID }));
    fakeApi(() => apiError(404, "USER_NOT_FOUND"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { latest } = renderSession();
    await vi.waitFor(() => expect(latest().loading).toBe(false));
    expect(latest()).toMatchObject({ role: "Employee", id: ID, name: null, parent: null });
    expect(logged).toHaveBeenCalledWith(
      "Could not load the profile",
      expect.objectContaining({ code: "USER_NOT_FOUND" }),
    );
  });

  it("drops a stored token it cannot read", () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, "garbage");
    const { latest } = renderSession();
    expect(latest()).toMatchObject({ loading: false, role: null });
    expect(getStoredToken()).toBeNull();
  });

  it("starts from a new token and ends by forgetting it", async () => {
    const supplier = { id: "s1", name: "Acme Maintenance", enterpriseId: null, enterpriseName: null };
    fakeApi(() => ({
      status: 200,
      data: { data: { id: ID, name: "Emma Employee", email: "e@x.io", role: "Employee", fournisseur: supplier } },
    }));
    const { latest } = renderSession();
    const token = fakeToken({ role: "Employee", id: ID, email: "e@x.io" });
    let started: TSession | undefined;
    await act(async () => {
      started = await latest().start(token);
    });
    expect(getStoredToken()).toBe(token);
    expect(started).toMatchObject({ loading: false, role: "Employee", name: "Emma Employee", parent: supplier });
    expect(latest()).toMatchObject({ loading: false, name: "Emma Employee" });
    act(() => latest().end());
    expect(getStoredToken()).toBeNull();
    expect(latest()).toMatchObject({ role: null, id: null, name: null, loading: false });
  });
});
