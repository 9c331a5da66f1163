import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { Providers } from "../../../app/providers";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";

/** A company page component with the app's providers (toasts, dialogs, queries) and a router for its links. */
export function renderCompany(ui: ReactNode) {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <MemoryRouter>{ui}</MemoryRouter>
      </Providers>
    </I18nextProvider>,
  );
}
