/**
 * How many times slower than usual the tests may run (WEB_TEST_SLOWDOWN, 1 by default). `npm test` runs this suite
 * beside the end-to-end tests at idle priority (package.json, tools/at-idle-priority.sh), where it only gets the
 * cores the browser tests leave idle: a render that takes a second alone can take ten there. Every wait and time
 * limit of the suite goes through `patient`, so that it stays a bound on a hung test, not a race with the machine.
 * Waiting longer never makes a wrong screen pass; run alone, the suite keeps its usual limits and fails as fast.
 */
export const SLOWDOWN = Math.max(1, Number(process.env.WEB_TEST_SLOWDOWN ?? 1) || 1);

/** A wait or time limit of `ms` as it is when the suite runs alone, scaled by SLOWDOWN. */
export const patient = (ms: number) => ms * SLOWDOWN;

/**
 * How long a test that opens a lazily loaded page may take: the first import of a page compiles it, and CI machines
 * have two cores shared with a database and a browser.
 */
export const LAZY_PAGE_TIMEOUT_MS = patient(45_000);
