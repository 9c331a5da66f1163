import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SessionProvider } from "../lib/session/session-context";
import { cssVariablesResolver, theme } from "../theme/theme";
import { NotificationsOnDemand } from "./notifications-on-demand";

interface TProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's test environment turns off transitions and portals. */
  env?: "default" | "test";
}

/** Light scheme forced (no system mode: docs/domain.md, Constants and limits), and no ColorSchemeScript: it is an inline script. */
export function Providers({ queryClient, children, env = "default" }: TProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
