import { type BrowserContextOptions, test as base } from "@playwright/test";
import { createApiTraffic } from "./api-traffic";
import { WarmTab } from "./warm-tab";

export * from "@playwright/test";

/** The project's `use` options that shape a browser context (playwright.config.ts: the device, baseURL, motion). */
const CONTEXT_OPTIONS = [
  "baseURL",
  "viewport",
  "screen",
  "userAgent",
  "deviceScaleFactor",
  "isMobile",
  "hasTouch",
  "locale",
  "timezoneId",
  "colorScheme",
  "reducedMotion",
  "ignoreHTTPSErrors",
] as const;

/**
 * Playwright's `test`, where:
 * - `context` and `page` are the worker's warm tab (support/warm-tab.ts), cleaned before each test to what a fresh
 *   context would be: the first page a test opens does not start a new renderer process;
 * - every exchange between the browser (or a test's API calls) and the API is checked against the served OpenAPI
 *   document (support/api-traffic.ts): a test whose traffic the document does not describe fails.
 * Specs import `test` and `expect` from here.
 */
export const test = base.extend<
  { apiTraffic: undefined; warm: Awaited<ReturnType<WarmTab["next"]>> },
  { warmTab: WarmTab }
>({
  warmTab: [
    async ({ browser }, use, workerInfo) => {
      const projectUse = workerInfo.project.use as Record<string, unknown>;
      const options = Object.fromEntries(
        CONTEXT_OPTIONS.filter((key) => projectUse[key] !== undefined).map((key) => [key, projectUse[key]]),
      ) as unknown as BrowserContextOptions & { baseURL: string };
      const warmTab = new WarmTab(browser, options);
      await use(warmTab);
      await warmTab.close();
    },
    { scope: "worker" },
  ],
  warm: async ({ warmTab }, use) => {
    await use(await warmTab.next());
  },
  context: async ({ warm }, use) => {
    await use(warm.context);
  },
  page: async ({ warm }, use) => {
    await use(warm.page);
  },
  apiTraffic: [
    async ({ browser, context, request, baseURL }, use) => {
      const traffic = createApiTraffic(baseURL!);
      traffic.watchContext(context);
      traffic.watchRequest(request);
      // Contexts the test opens itself (a second person in another browser) and their pages' API calls.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        traffic.watchContext(created);
        return created;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
        traffic.stop();
      }
      await traffic.verify();
    },
    { auto: true },
  ],
});
