// Breakpoint variables mirror the theme (src/theme/breakpoints.ts) for use in CSS modules.
export default {
  plugins: {
    "postcss-preset-mantine": {},
    "postcss-simple-vars": {
      variables: {
        "mantine-breakpoint-sm": "20em",
        "mantine-breakpoint-2sm": "23.75em",
        "mantine-breakpoint-md": "48em",
        "mantine-breakpoint-lg": "60em",
        "mantine-breakpoint-xl": "81.25em",
        "mantine-breakpoint-2xl": "100em",
        "mantine-breakpoint-3xl": "120em",
      },
    },
  },
};
