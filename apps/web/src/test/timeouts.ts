/**
 * How long a test that opens a lazily loaded page may take: the first import of a page compiles it, and CI machines
 * have two cores shared with a database and a browser.
 */
export const LAZY_PAGE_TIMEOUT_MS = 45_000;
