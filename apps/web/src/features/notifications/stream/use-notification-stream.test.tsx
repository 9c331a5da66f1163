import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { patient } from "../../../test/timeouts";
import { siteMapKeys } from "../../site-map/api/query-keys";
import { FakeEventSource, fakeEventSource, notification, notificationServer, renderBell } from "../testing/render-bell";

beforeEach(() => {
  FakeEventSource.opened = [];
});
const latest = () => FakeEventSource.opened.at(-1)!;

describe("the live notification stream", () => {
  it("opens with a fresh ticket, and on each event updates the badge and shows a toast", async () => {
    const server = notificationServer([notification()]);
    renderBell({ createEventSource: fakeEventSource });
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(server.posts("/notifications/stream-ticket")).toHaveLength(1);
    expect(latest().url).toBe("/api/notifications/stream?ticket=ticket-1");

    act(() => {
      latest().emit("open");
      latest().emit(
        "notification",
        notification({
          kind: "permit.approved",
          params: { documentNumber: "PTW-2026-000009", taskTitle: "Lift the pump", actorName: "Ann", remark: null },
        }),
      );
    });
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    expect(await screen.findByText("Ann approved permit PTW-2026-000009 “Lift the pump”")).toBeTruthy();

    // Something that is not a notification changes nothing.
    act(() => latest().emit("notification", { kind: "nonsense" }));
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });

  it("reopens with a new ticket when the stream drops, and closes when the layout goes away", async () => {
    const server = notificationServer([]);
    const view = renderBell({ createEventSource: fakeEventSource });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = latest();
    act(() => first.fail());
    expect(first.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: patient(3000) });
    expect(server.posts("/notifications/stream-ticket")).toHaveLength(2);
    expect(latest().url).toBe("/api/notifications/stream?ticket=ticket-2");

    view.unmount();
    expect(latest().closed).toBe(true);
  });

  it("refreshes the live site map on a `site` event, and nothing else", async () => {
    notificationServer([]);
    const { queryClient } = renderBell({ createEventSource: fakeEventSource });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    queryClient.setQueryData(siteMapKeys.sectors, { today: "2026-11-26", sectors: [] });
    queryClient.setQueryData(["permits", "list"], { data: [] });
    act(() => latest().emit("site", { sectorId: "00000000-0000-4000-8000-000000000001" }));
    expect(queryClient.getQueryState(siteMapKeys.sectors)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["permits", "list"])?.isInvalidated).toBe(false);
  });

  it("reads the count and the lists again when a notice is answered by someone else, without a toast", async () => {
    const sent = notification();
    notificationServer([sent]);
    renderBell({ createEventSource: fakeEventSource });
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    // Another verifier verified the permit: the server marked this notice done (and read) for everyone.
    const doneAt = new Date().toISOString();
    Object.assign(sent, { readAt: doneAt, doneAt });
    act(() => latest().emit("notification-done", sent));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(screen.queryByText(/sent permit PTW-2026-000007/)).toBeNull();
  });

  it("opens nothing without EventSource (no stream, the badge still works)", async () => {
    const server = notificationServer([notification()]);
    renderBell({ createEventSource: null });
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(server.posts("/notifications/stream-ticket")).toHaveLength(0);
  });
});
