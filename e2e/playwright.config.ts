import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** Where the e2e server keeps its data (the outbox the tests read codes from). Under /tmp: the embedded
 * PostgreSQL runs as the `postgres` user when we are root, and must be able to reach it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), "openpermit-e2e");
/** E2E_PORT / E2E_DATA_DIR (and WEB_DIST, passed on to the server) let two checkouts run their e2e side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_JWT_SECRET = "e2e-only-secret-that-is-long-enough-0123456789";
const baseURL = `http://localhost:${E2E_PORT}`;
const SERVER_LOG = path.join(E2E_DATA_DIR, "server.log");
/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same Blink and V8 as the browser, and
 * what Playwright itself runs headless by default) when installed, else the browser in its headless mode. The shell
 * spends about 40 % less CPU on the same tests, and the end-to-end run is bound by Chromium's CPU on two cores.
 * CHROMIUM_PATH picks another.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ??
  "/usr/bin/chromium";

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  // Twice what the slowest default-timeout test took here with a load average of 11 (CI shares its cores too).
  timeout: 120_000,
  // CI's two cores are shared with other machines' work: a cold page load has been seen to take over 10 s there.
  // Waiting longer costs nothing when the page is quick, and a missing element still fails.
  expect: { timeout: 20_000 },
  // Tests, not files, are shared out between the workers: a file's tests no longer queue behind each other on one
  // worker while the other idles at the end of the run. They already ran beside other files' tests on the one demo
  // database, so each makes its own records or only reads; a file whose tests share one record's state runs them in
  // order on one worker (`test.describe.configure`: calendar's turn the enterprise's one feed on and off,
  // enterprise-configures-risks' second test picks what its first made).
  fullyParallel: true,
  // Two cores: one browser per core at most (E2E_WORKERS to measure another count: three took 676 s where two took
  // 616 s, on the quiet machine on 2026-11-27; the run is bound by Chromium's CPU, not by waiting).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  // The journeys, then the external fuzzer (tests/external-fuzz.spec.ts) once they are all done: its requests create
  // and change records the journeys would see. Its collection is made from the served document beside the journeys
  // (tests/external-fuzz-collection.spec.ts: only reads), not alone at the end of the run.
  projects: [
    { name: "external fuzzer's collection", testMatch: /external-fuzz-collection\.spec\.ts/ },
    { name: "journeys", testIgnore: /external-fuzz(-collection)?\.spec\.ts/ },
    {
      name: "external fuzzer",
      testMatch: /external-fuzz\.spec\.ts/,
      dependencies: ["journeys", "external fuzzer's collection"],
    },
  ],
  // After the whole run: the server's log must hold no password, code or token.
  globalTeardown: "./support/log-scan.ts",
  use: {
    baseURL,
    // CI keeps only the text of a run, so a trace recorded there is never read: recording one for every test cost
    // about a third of the test process's CPU time on the two cores.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // Dialogs and menus open without their animations (the app honours the system's reduced-motion setting), so a
    // step waits for no transition to settle.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      // Debian's Chromium (above); Playwright never downloads a browser here.
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // V8 runs the app's script without its optimising compilers (Maglev, TurboFan): a test's page lives for
        // seconds, too short for optimised code to repay compiling it, and that compiling competes for the same two
        // cores. Measured on 18 page loads with an axe run each: the renderers' CPU falls by about a fifth (33 → 27
        // s). What the script does is the same; only how fast a long-running loop would run changes.
        "--js-flags=--no-opt --no-maglev",
      ],
    },
  },
  webServer: {
    // The built app (`npm run build`: the web app and the server's bundle) on a fresh demo data directory, as
    // `npm run demo` runs it. Its log goes to a file (scanned for secrets at the end); if it cannot start, the end
    // of that file is shown.
    command:
      `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && ` +
      `{ node --enable-source-maps ../apps/server/dist/demo.js > ${SERVER_LOG} 2>&1 || { tail -n 40 ${SERVER_LOG} >&2; exit 1; }; }`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: E2E_DATA_DIR,
      PORT: String(E2E_PORT),
      PUBLIC_URL: baseURL,
      JWT_SECRET: E2E_JWT_SECRET,
      // Every request line, so the scan sees what a real server would write.
      LOG_LEVEL: "info",
      // The external fuzzer sends a few thousand requests within a minute from this one address.
      RATE_LIMIT_PER_MINUTE: "20000",
      // Every journey completes accounts of its own (managers, a worker), all from this one address.
      AUTH_CODE_LIMIT_PER_15_MINUTES: "1000",
      // …and their invitations are sent by the demo's few accounts (docs/decisions.md, "How many e-mails a route may
      // cause").
      MAIL_LIMIT_PER_ACCOUNT_PER_HOUR: "1000",
      MAIL_LIMIT_PER_ADDRESS_PER_HOUR: "1000",
    },
  },
});
