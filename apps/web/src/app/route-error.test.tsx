import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createTestI18n } from "../test/test-i18n";
import { ChunkLoadTimeoutError } from "./lazy-page";
import { RouteError } from "./route-error";

describe("a page that cannot load", () => {
  it("shows a translated message and a reload button instead of the page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: "/",
          errorElement: <RouteError />,
          lazy: () => Promise.reject(new ChunkLoadTimeoutError(120_000)),
        },
      ],
      { initialEntries: ["/"] },
    );
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText("This page could not be loaded")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    // Logged from an effect, which React may run after the message is on screen (it failed once in CI, asserted at once).
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError)));
  });
});
