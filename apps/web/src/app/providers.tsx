import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SessionProvider } from "../lib/session/session-context";
import { cssVariablesResolver, theme } from "../theme/theme";
import { NotificationsOnDemand } from "./notifications-on-demand";

interface TProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /**
   * Mantine's test environment turns off transitions and portals. Under test the theme's CSS variables and global
   * classes are not written into the page either: jsdom lays nothing out and resolves no variable, and those style
   * sheets only slowed its getComputedStyle, which walks every rule at each call (Mantine's floating dropdowns and
   * Testing Library's visibility checks call it all the time; the request form's tests ran ~12 % faster without).
   */
  env?: "default" | "test";
}

/** Light scheme forced (no system mode: docs/domain.md, Constants and limits), and no ColorSchemeScript: it is an inline script. */
export function Providers({ queryClient, children, env = "default" }: TProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
      withCssVariables={env !== "test"}
      withGlobalClasses={env !== "test"}
    >
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
