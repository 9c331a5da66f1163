import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi, type TFakeRequest } from "../../test/fake-api";
import { renderPage } from "../../test/render-app";
import { patient } from "../../test/timeouts";
import { fakeToken } from "../../test/tokens";

const ID = "00000000-0000-4000-8000-0000000000e1";
const ADMIN_ID = "00000000-0000-4000-8000-0000000000a1";
const FIRST = "http://localhost:3000/api/public/calendar/00000000-0000-4000-8000-0000000000f1.first.ics";
const SECOND = "http://localhost:3000/api/public/calendar/00000000-0000-4000-8000-0000000000f2.second.ics";
const CREATED_AT = "2026-11-20T08:30:00.000Z";
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

/** The profile's calls; the feed's own follow `feed` (a POST gives the next address in `urls`). */
function server(urls: string[], answer: (request: TFakeRequest) => { status: number; data?: unknown } | undefined) {
  let feed: string | null = null;
  return fakeApi((request) => {
    const answered = answer(request);
    if (answered) return answered;
    const { method, url } = request;
    if (url === `/Responsible/${ID}`) return { status: 200, data: { data: me } };
    if (url === "/auth/me") return { status: 200, data: { data: me } };
    if (url === "/calendar-feed") {
      if (method === "POST") feed = urls.shift() ?? null;
      if (method === "DELETE") {
        feed = null;
        return { status: 204 };
      }
      return { status: 200, data: { data: { url: feed, createdAt: feed ? CREATED_AT : null } } };
    }
    return { status: 404 };
  });
}

const token = fakeToken({ role: "Responsible", id: ID, email: "rita@x.io" });
const section = async () =>
  (await screen.findByRole("heading", { name: "Calendar feed" }, { timeout: patient(10_000) })).closest("section")!;
const confirmIn = async (title: string, button: string) => {
  const dialog = await screen.findByRole("dialog", { name: title });
  fireEvent.click(within(dialog).getByRole("button", { name: button }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: title })).toBeNull());
};

describe("the profile's calendar feed", { timeout: patient(20_000) }, () => {
  it("creates the address, copies it, resets it after a confirmation, and turns it off after another", async () => {
    const calls = server([FIRST, SECOND], () => undefined);
    renderPage("/responsible/profile", { token });
    const feed = await section();
    expect(within(feed).getByText(/anyone with this address sees your permits/i)).toBeTruthy();
    fireEvent.click(await within(feed).findByRole("button", { name: "Create the address" }));
    const address = (await within(feed).findByLabelText("Your private calendar address")) as HTMLInputElement;
    expect(address.value).toBe(FIRST);
    expect(address.readOnly).toBe(true);
    expect(await screen.findByText("Your calendar address is ready.")).toBeTruthy();
    expect(within(feed).getByRole("button", { name: "Copy" })).toBeTruthy();

    fireEvent.click(within(feed).getByRole("button", { name: "Reset the address" }));
    const resetDialog = await screen.findByRole("dialog", { name: "Reset the calendar address?" });
    expect(within(resetDialog).getByText(/stops working at once/)).toBeTruthy();
    await confirmIn("Reset the calendar address?", "Reset the address");
    await waitFor(() => expect(address.value).toBe(SECOND));
    expect(await screen.findByText(/the old one no longer works/)).toBeTruthy();

    fireEvent.click(within(feed).getByRole("button", { name: "Turn off" }));
    await confirmIn("Turn the calendar feed off?", "Turn off");
    expect(await within(feed).findByRole("button", { name: "Create the address" })).toBeTruthy();
    expect(within(feed).queryByLabelText("Your private calendar address")).toBeNull();
    expect(calls.filter((c) => c.url === "/calendar-feed").map((c) => c.method)).toEqual([
      "GET",
      "POST",
      "POST",
      "DELETE",
    ]);
  });

  it("asks nothing when the confirmation is cancelled", async () => {
    const calls = server([], ({ url }) =>
      url === "/calendar-feed" ? { status: 200, data: { data: { url: FIRST, createdAt: CREATED_AT } } } : undefined,
    );
    renderPage("/responsible/profile", { token });
    const feed = await section();
    fireEvent.click(await within(feed).findByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn the calendar feed off?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.url === "/calendar-feed" && c.method !== "GET")).toEqual([]);
    expect((within(feed).getByLabelText("Your private calendar address") as HTMLInputElement).value).toBe(FIRST);
  });

  it("shows a refusal in the section", async () => {
    server([], ({ url, method }) =>
      url === "/calendar-feed" && method === "POST" ? apiError(403, "ACCOUNT_INACTIVE") : undefined,
    );
    renderPage("/responsible/profile", { token });
    const feed = await section();
    fireEvent.click(await within(feed).findByRole("button", { name: "Create the address" }));
    expect(await within(feed).findByRole("alert")).toBeTruthy();
  });

  it("is not offered to the admin, who sees no permits", async () => {
    const admin = { ...me, id: ADMIN_ID, role: "Admin", division: undefined, email: "admin@x.io" };
    const calls = fakeApi(({ url }) =>
      url === "/auth/me" || url === `/Admin/${ADMIN_ID}`
        ? { status: 200, data: { data: admin } }
        : { status: 404, data: { error: { code: "NOT_FOUND", message: "" } } },
    );
    renderPage("/admin/profile", { token: fakeToken({ role: "Admin", id: ADMIN_ID, email: "admin@x.io" }) });
    expect(await screen.findByRole("heading", { name: "Change password" }, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Calendar feed" })).toBeNull();
    expect(calls.some((c) => c.url === "/calendar-feed")).toBe(false);
  });
});
