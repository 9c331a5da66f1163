import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import * as React from "react";
import { afterEach, vi } from "vitest";
import { cacheComputedStyles } from "./computed-style-cache";
import { fakeApi } from "./fake-api";
import { patient } from "./timeouts";

// CI machines have two cores shared with a database and a browser: a screen may take a few seconds to settle there.
// Waiting longer never makes a wrong screen pass; it only keeps a slow machine from failing a right one.
configure({ asyncUtilTimeout: patient(5000) });

// Mantine reads media queries and observes sizes; jsdom has neither.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Textarea autosize listens for web fonts loading.
Object.defineProperty(document, "fonts", {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
window.scrollTo = () => {};

// Styles computed once per element until something could change them (see computed-style-cache.ts).
cacheComputedStyles(window);

// Test files share a worker's modules and window (vitest.config.ts: isolate false): each test leaves them as it found them.
afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  // What is still in flight (a refetch, a late upload) gets a plain 200 instead of a real request.
  fakeApi(() => ({ status: 200 }));
});

// Node's object URLs take only Node's own Blobs, not jsdom's; images and downloads only need a string.
URL.createObjectURL = () => "blob:http://localhost:3000/fake";
URL.revokeObjectURL = () => {};

// React's development build records an "owner stack" for the elements it creates: a stack trace (an `Error`) per
// element, up to 10 000 a second, which only its warnings print. That was a tenth of the suite's CPU (the permit
// form's tests: 46 s → 39 s without it). The tests never read those traces, and a warning still shows (without the
// trace of the code that created the element). React reads its counter from here and resets it each second, so it is held
// past the limit. No other behaviour of React depends on it. (Left alone if a React version no longer has it.)
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (typeof reactInternals?.recentlyCreatedOwnerStacks === "number") {
  Object.defineProperty(reactInternals, "recentlyCreatedOwnerStacks", {
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}
