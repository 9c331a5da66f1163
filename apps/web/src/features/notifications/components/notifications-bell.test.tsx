import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notification, notificationServer, renderBell } from "../testing/render-bell";

describe("the notifications bell", () => {
  it("names the unread count in the button, and only the word when none is unread", async () => {
    notificationServer([
      notification(),
      notification(),
      notification(),
      notification({ readAt: new Date().toISOString() }),
    ]);
    renderBell();
    expect(await screen.findByRole("button", { name: "Notifications, 3 unread" })).toBeTruthy();

    notificationServer([notification({ readAt: new Date().toISOString() })]);
    renderBell();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Notifications" })).toHaveLength(1));
  });

  it("lists the recent ones worded, with their time, the unread ones marked", async () => {
    notificationServer([
      notification({
        kind: "permit.recheck",
        params: { documentNumber: "PTW-2026-000001", taskTitle: "Paint", actorName: "Vic", remark: "Add the JSA" },
      }),
      notification({
        kind: "permit.approved",
        readAt: new Date().toISOString(),
        createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      }),
    ]);
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    const dialog = await screen.findByRole("dialog");
    const items = await within(dialog).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe(
      "UnreadVic asks for a recheck of permit PTW-2026-000001 “Paint”: Add the JSA5 minutes ago",
    );
    expect(items[1]!.textContent).toBe("Emma Stone approved permit PTW-2026-000007 “Weld the flange”2 hours ago");
  });

  it("marks one read and opens its link when clicked", async () => {
    const unread = notification({ link: "/responsible/permit/p-42" });
    const server = notificationServer([unread]);
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    fireEvent.click(await screen.findByRole("button", { name: /sent permit PTW-2026-000007/ }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/responsible/permit/p-42"));
    await waitFor(() => expect(server.posts(`/notifications/${unread.id}/read`)).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("marks all as read", async () => {
    const server = notificationServer([notification(), notification()]);
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(server.posts("/notifications/read-all")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when there are none", async () => {
    notificationServer([]);
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications")).toBeTruthy();
  });
});
