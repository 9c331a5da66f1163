import { test as base } from "@playwright/test";
import { createApiTraffic } from "./api-traffic";

export * from "@playwright/test";

/**
 * Playwright's `test` with every exchange between the browser (or a test's API calls) and the API checked against
 * the served OpenAPI document (support/api-traffic.ts): a test whose traffic the document does not describe fails.
 * Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ apiTraffic: undefined }>({
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
      }
      await traffic.verify();
    },
    { auto: true },
  ],
});
