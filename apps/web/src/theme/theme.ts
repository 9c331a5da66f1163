import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
import { BREAKPOINTS_EM } from "./breakpoints";

/** Violet-blue, the primary brand colour; shade 6 keeps AA contrast with white text. */
const brand: MantineColorsTuple = [
  "#eef0ff",
  "#dcdefe",
  "#b7b9f6",
  "#8f92ef",
  "#6e70e9",
  "#5a5be6",
  "#4c4ddc",
  "#3e3fc4",
  "#3538ae",
  "#282e98",
];

const fontFamily = '"DM Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const MODAL_Z_INDEX = 1900;
/** Dropdowns, menus and tooltips must open above modals (a select inside a modal). */
export const FLOATING_Z_INDEX = 2000;
/** Toasts stay readable above everything. */
export const TOAST_Z_INDEX = 2100;
export const TOAST_AUTO_CLOSE_MS = 2500;
/** The signed-in areas' header bar: its account menu, bell and language switch sit at its right end. */
export const HEADER_HEIGHT = 60;

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 6,
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: "700" },
  // The default `xs` stays in Mantine's theme at runtime but is not one of ours (see mantine.d.ts).
  breakpoints: BREAKPOINTS_EM,
  defaultRadius: "md",
  // Light fills (yellow, cyan) get dark text instead of white.
  autoContrast: true,
  cursorType: "pointer",
  // People who asked their system for less motion get none: dialogs, menus and drawers appear at once.
  respectReducedMotion: true,
  // Plain objects rather than `Loader.extend(…)`: importing a component only to extend it would put it (a modal, the
  // floating-ui behind popovers and tooltips) in the first page's JavaScript, which uses none of them.
  components: {
    // A spinner is a plain <span>: its aria-label is only allowed (axe: aria-prohibited-attr) with a role.
    Loader: { defaultProps: { role: "status" } },
    // A badge's label never cuts: Mantine's own cuts it to its cell's width ("Pa…" for Passed on a phone, a status
    // read as "M…" in French). It wraps instead, growing in height, so the word a badge states is always whole: between
    // words only, whatever its cell allows ("ACCEPT / ED" in a squeezed table column reads as two words).
    Badge: {
      styles: {
        root: { height: "auto", minHeight: "var(--badge-height)", maxWidth: "100%" },
        label: {
          whiteSpace: "normal",
          overflowWrap: "normal",
          wordBreak: "normal",
          overflow: "visible",
          textOverflow: "clip",
          lineHeight: 1.3,
        },
      },
    },
    Modal: { defaultProps: { zIndex: MODAL_Z_INDEX } },
    Popover: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
    Tooltip: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
  },
  other: { accentColor: "cyan" },
});

/**
 * Mantine's dimmed grey (gray.6) is 3.3:1 on white; gray.7 keeps secondary text at WCAG AA. Its error red
 * (red.6, #fa5252) is 3.3:1 under a field; red.9 is 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // Placeholders (gray.5 by default, 2.6:1) are read too: the date pickers show theirs in place of a value.
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
  },
  dark: {},
});
