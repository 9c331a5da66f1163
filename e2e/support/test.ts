import { test as base } from "@playwright/test";
import { createApiTraffic } from "./api-traffic";
import { type TWarmOptions, WarmTab } from "./warm-tab";

export * from "@playwright/test";

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
    async ({ browser }, use) => {
      const warmTab = new WarmTab(browser);
      await use(warmTab);
      await warmTab.close();
    },
    { scope: "worker" },
  ],
  // Each context option is named twice, here and in `options` below: Playwright learns a fixture's dependencies by
  // reading the names in its first parameter, and refuses a rest element (`...options`) there.
  warm: async (
    {
      warmTab,
      browser,
      baseURL,
      viewport,
      screen,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      ignoreHTTPSErrors,
    },
    use,
  ) => {
    // The context options Playwright would give this test's context: the project's, and the file's or test's own
    // (`test.use`). A test asking for others than the warm tab's gets a fresh context with them.
    const options: TWarmOptions = {
      baseURL: baseURL!,
      viewport,
      screen,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      ignoreHTTPSErrors,
    };
    if (warmTab.fits(options)) {
      await use(await warmTab.next(options));
      return;
    }
    const context = await browser.newContext(options);
    await use({ context, page: await context.newPage() });
    await context.close();
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
