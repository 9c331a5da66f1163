import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { patient } from "../../../test/timeouts";
import { FakeEventSource, fakeEventSource, notification, notificationServer, renderBell } from "../testing/render-bell";

beforeEach(() => {
  FakeEventSource.opened = [];
});
/** Opens the bell, then its "See all": the drawer. */
async function openDrawer(bellName: string | RegExp = /^Notifications/) {
  fireEvent.click(await screen.findByRole("button", { name: bellName }));
  fireEvent.click(await screen.findByRole("button", { name: "See all" }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

const titled = (title: string, minutesAgo: number, read = false) =>
  notification({
    params: { documentNumber: null, taskTitle: title, actorName: "Emma Stone", remark: null },
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    readAt: read ? new Date().toISOString() : null,
  });

describe("the notifications drawer", () => {
  it("lists every notification page after page, with relative and absolute times", async () => {
    const items = Array.from({ length: 25 }, (_, i) => titled(`Task ${i + 1}`, i + 1, i % 2 === 1));
    notificationServer(items);
    renderBell();
    const drawer = await openDrawer();
    expect(await within(drawer).findAllByRole("listitem")).toHaveLength(20);
    const first = within(drawer).getAllByRole("listitem")[0]!;
    expect(first.textContent).toMatch(/^UnreadEmma Stone sent permit “Task 1” for verification1 minute ago · .*\d{4}/);

    fireEvent.click(within(drawer).getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(drawer).getAllByRole("listitem")).toHaveLength(25));
    expect(within(drawer).queryByRole("button", { name: "Load more" })).toBeNull();
    expect(within(drawer).getAllByRole("listitem").at(-1)!.textContent).toContain("“Task 25”");
  });

  it("shows only the unread ones when asked, and says when there are none", async () => {
    notificationServer([titled("Fresh", 1), titled("Seen", 2, true)]);
    renderBell();
    const drawer = await openDrawer("Notifications, 1 unread");
    expect(await within(drawer).findAllByRole("listitem")).toHaveLength(2);

    fireEvent.click(within(drawer).getByRole("radio", { name: "Unread" }));
    await waitFor(() => expect(within(drawer).getAllByRole("listitem")).toHaveLength(1));
    expect(within(drawer).getByRole("listitem").textContent).toContain("“Fresh”");

    fireEvent.click(within(drawer).getByRole("button", { name: "Mark as read" }));
    expect(await within(drawer).findByText("No unread notifications")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("says which notices were already acted on, by the reader or anyone else they went to", async () => {
    const answered = new Date().toISOString();
    notificationServer([titled("Waiting", 1), { ...titled("Answered", 2), readAt: answered, doneAt: answered }]);
    renderBell();
    const drawer = await openDrawer("Notifications, 1 unread");
    const [waiting, done] = await within(drawer).findAllByRole("listitem");
    expect(within(waiting!).queryByText("Done: already acted on")).toBeNull();
    expect(within(waiting!).getByRole("button", { name: "Mark as read" })).toBeTruthy();
    expect(within(done!).getByText("Done: already acted on")).toBeTruthy();
    expect(within(done!).queryByRole("button", { name: "Mark as read" })).toBeNull();
  });

  it("says so when there are none at all", async () => {
    notificationServer([]);
    renderBell();
    const drawer = await openDrawer("Notifications");
    expect(await within(drawer).findByText("No notifications")).toBeTruthy();
    expect((within(drawer).getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("marks one read without leaving, and all at once", async () => {
    const [one, two, three] = [titled("One", 1), titled("Two", 2), titled("Three", 3)];
    const server = notificationServer([one!, two!, three!]);
    renderBell();
    const drawer = await openDrawer("Notifications, 3 unread");
    const markButtons = await within(drawer).findAllByRole("button", { name: "Mark as read" });
    expect(markButtons).toHaveLength(3);
    fireEvent.click(markButtons[1]!);
    await waitFor(() => expect(server.posts(`/notifications/${two!.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(within(drawer).getAllByRole("button", { name: "Mark as read" })).toHaveLength(2));
    expect(screen.getByTestId("location").textContent).toBe("/responsible/default");
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(server.posts("/notifications/read-all")).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryAllByRole("button", { name: "Mark as read" })).toHaveLength(0));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("opens a notification's page, marking it read, and closes", async () => {
    const unread = notification({ link: "/responsible/permit/p-9" });
    const server = notificationServer([unread]);
    renderBell();
    const drawer = await openDrawer("Notifications, 1 unread");
    fireEvent.click(await within(drawer).findByRole("button", { name: /sent permit PTW-2026-000007/ }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/responsible/permit/p-9"));
    await waitFor(() => expect(server.posts(`/notifications/${unread.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
  });

  it("puts a notification from the live stream first, without a toast over the drawer", async () => {
    notificationServer([titled("Older", 30)]);
    renderBell({ createEventSource: fakeEventSource });
    const drawer = await openDrawer("Notifications, 1 unread");
    expect(await within(drawer).findAllByRole("listitem")).toHaveLength(1);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0]!.emit("notification", titled("Brand new", 0)));
    await waitFor(() => expect(within(drawer).getAllByRole("listitem")).toHaveLength(2));
    expect(within(drawer).getAllByRole("listitem")[0]!.textContent).toContain("“Brand new”");
    // No toast over the open drawer: the sentence is there once, in the list.
    expect(screen.getAllByText("Emma Stone sent permit “Brand new” for verification")).toHaveLength(1);
  });

  it("shows an error when the list cannot be loaded", async () => {
    fakeApi(({ url }) => {
      if (url === "/notifications/unread-count") return { status: 200, data: { data: { count: 0 } } };
      if (url === "/notifications") return { status: 500, data: { error: { code: "SERVER_ERROR", message: "boom" } } };
      return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
    });
    renderBell();
    const drawer = await openDrawer("Notifications");
    expect(await within(drawer).findByRole("alert", {}, { timeout: patient(5000) })).toBeTruthy();
  });
});
