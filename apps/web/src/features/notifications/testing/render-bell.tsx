import type { TNotification } from "@openpermit/shared";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { NotificationsBell } from "../../../app/layouts/notifications-bell";
import { Providers } from "../../../app/providers";
import { TOKEN_STORAGE_KEY } from "../../../lib/session/token-storage";
import { fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { fakeToken } from "../../../test/tokens";
import type { TCreateEventSource, TEventSourceLike } from "../stream/use-notification-stream";

export const USER_ID = "00000000-0000-4000-8000-0000000000aa";

export function notification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: crypto.randomUUID(),
    kind: "permit.sent",
    params: { documentNumber: "PTW-2026-000007", taskTitle: "Weld the flange", actorName: "Emma Stone", remark: null },
    link: "/responsible/permit/p-7",
    readAt: null,
    doneAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A notifications server in memory: the list (pages, unread filter), the unread count, read marks and tickets. */
export function notificationServer(items: TNotification[]) {
  let tickets = 0;
  const calls = fakeApi((request: TFakeRequest) => {
    const { method, url } = request;
    if (method === "GET" && url === "/notifications/unread-count") {
      return { status: 200, data: { data: { count: items.filter((n) => !n.readAt).length } } };
    }
    if (method === "GET" && url === "/notifications") {
      const page = Number(request.params.page ?? 1);
      const pageSize = Number(request.params.pageSize ?? 20);
      const listed = request.params.unread === "true" ? items.filter((n) => !n.readAt) : items;
      const data = listed.slice((page - 1) * pageSize, page * pageSize);
      return { status: 200, data: { data, page, pageSize, total: listed.length } };
    }
    if (method === "POST" && url === "/notifications/read-all") {
      const count = items.filter((n) => !n.readAt).length;
      for (const n of items) n.readAt ??= new Date().toISOString();
      return { status: 200, data: { data: { count } } };
    }
    const read = /^\/notifications\/([^/]+)\/read$/.exec(url);
    if (method === "POST" && read) {
      const found = items.find((n) => n.id === decodeURIComponent(read[1]!));
      if (!found) return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
      found.readAt ??= new Date().toISOString();
      return { status: 200, data: { data: found } };
    }
    if (method === "POST" && url === "/notifications/stream-ticket") {
      tickets += 1;
      return { status: 200, data: { data: { ticket: `ticket-${tickets}` } } };
    }
    if (url === `/Responsible/${USER_ID}`) {
      return { status: 200, data: { data: { id: USER_ID, name: "Rita", email: "rita@x.io", role: "Responsible" } } };
    }
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
  return {
    calls,
    posts: (url: string) => calls.filter((c) => c.method === "POST" && c.url === url),
  };
}

/** An EventSource whose events the test sends. */
export class FakeEventSource implements TEventSourceLike {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail() {
    this.onerror?.(new Event("error"));
  }

  close() {
    this.closed = true;
  }
}

export const fakeEventSource: TCreateEventSource = (url) => new FakeEventSource(url);

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The bell alone in a signed-in Responsible's header, with the current path shown. */
export function renderBell(options: { createEventSource?: TCreateEventSource | null; language?: string } = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken({ role: "Responsible", id: USER_ID }));
  const i18n = createTestI18n();
  if (options.language) void i18n.changeLanguage(options.language);
  const queryClient = createTestQueryClient();
  const page = (
    <>
      <NotificationsBell createEventSource={options.createEventSource ?? null} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: "*", element: page }], { initialEntries: ["/responsible/default"] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </Providers>
    </I18nextProvider>,
  );
  return { ...view, queryClient, router };
}
