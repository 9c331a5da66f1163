import { render } from "@testing-library/react";
import type { i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, matchRoutes, Outlet, type RouteObject, RouterProvider } from "react-router";
import { Providers } from "../app/providers";
import { routes } from "../app/routes";
import { LeaveGuardProvider } from "../components/leave-guard";
import { useSession } from "../lib/session/session-context";
import { TOKEN_STORAGE_KEY } from "../lib/session/token-storage";
import { createTestQueryClient } from "./query-client";
import { createTestI18n } from "./test-i18n";

interface TRenderOptions {
  /** Stored before the providers mount, as a signed-in browser would have it. */
  token?: string;
  /** The translations to render with (a test reading French adds its bundles and changes the language first). */
  i18n?: i18n;
}

function renderRoutes(routeTable: RouteObject[], path: string, options: TRenderOptions) {
  if (options.token) window.localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  // Before the router: its first navigation starts at once, and a page's `lazy` asks react-i18next's instance for
  // the translations (`allTranslations`).
  const i18n = options.i18n ?? createTestI18n();
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </Providers>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/** The whole app (real routes, guards, area layouts, session) in a memory router at `path`. */
export function renderApp(path: string, options: TRenderOptions = {}) {
  return renderRoutes(routes, path, options);
}

/** Shows nothing while the session loads, as the app's guards do, so a page always sees a settled session. */
function SettledSession({ children }: { children: ReactNode }) {
  return useSession().loading ? null : children;
}

/** The app's own route of the page at `path` (its screen, under its full path pattern), without its parents. */
function pageRoute(path: string): RouteObject {
  const matches = matchRoutes(routes, path);
  const page = matches?.at(-1)?.route;
  if (!matches || !page || matches.at(-1)?.route.path === "*") throw new Error(`No page at ${path}`);
  const pattern = matches
    .map((match) => match.route.path ?? "")
    .filter(Boolean)
    .join("/")
    .replace(/\/+/g, "/");
  const { lazy, element, Component } = page;
  return { path: pattern, lazy, element, Component } as RouteObject;
}

/**
 * One page (the same screen the app mounts at `path`) with the app's providers, the session and the leave guard, but
 * without the area's layout, guards, redirects or any other route: for tests of the page itself. Links and navigations still
 * move `router`'s location; anywhere else renders nothing.
 */
export function renderPage(path: string, options: TRenderOptions = {}) {
  const table: RouteObject[] = [
    {
      element: (
        <LeaveGuardProvider>
          <SettledSession>
            <Outlet />
          </SettledSession>
        </LeaveGuardProvider>
      ),
      HydrateFallback: () => null,
      children: [pageRoute(path), { path: "*", element: null }],
    },
  ];
  return renderRoutes(table, path, options);
}
