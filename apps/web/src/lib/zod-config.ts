/**
 * zod probes `new Function` to compile fast parsers; the Content-Security-Policy blocks it (a console error), and
 * zod then falls back to its interpreter anyway. So it is told not to try (`jitless`).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (every copy of it shares them) and takes an object
 * already there. Set there, before zod loads, rather than by importing zod for `z.config`: the first page (sign-in)
 * does without zod, which comes with the screens whose forms and answers it checks. zod-config.test.ts proves zod
 * reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
