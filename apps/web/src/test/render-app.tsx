import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "../app/providers";
import { routes } from "../app/routes";
import { createQueryClient } from "../lib/query/query-client";
import { TOKEN_STORAGE_KEY } from "../lib/session/token-storage";
import { createTestI18n } from "./test-i18n";

/** The whole app (real routes, guards, session) in a memory router at `path`. */
export function renderApp(path: string, options: { token?: string } = {}) {
  if (options.token) window.localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </Providers>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}
