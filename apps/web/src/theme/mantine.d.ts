import type { TBreakpoint } from "./breakpoints";

declare module "@mantine/core" {
  export interface MantineThemeSizesOverride {
    breakpoints: Record<TBreakpoint, string>;
  }
}
