/**
 * Where the translations are served from: /assets/locales-<digest> in a build, /locales in development and tests
 * (scripts/versioned-locales-plugin.ts, which defines it).
 */
declare const __LOCALES_BASE__: string;
