/**
 * The breakpoints of docs/domain.md, Constants and limits, in px. Mantine expects em (1em = 16px); postcss.config.js repeats the em values
 * for CSS modules.
 */
export const BREAKPOINTS_PX = {
  sm: 320,
  "2sm": 380,
  md: 768,
  lg: 960,
  xl: 1300,
  "2xl": 1600,
  "3xl": 1920,
} as const;

export type TBreakpoint = keyof typeof BREAKPOINTS_PX;

export const BREAKPOINTS_EM = Object.fromEntries(
  Object.entries(BREAKPOINTS_PX).map(([name, px]) => [name, `${px / 16}em`]),
) as Record<TBreakpoint, string>;
