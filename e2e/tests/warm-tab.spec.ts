import { areaPath } from "../support/paths";
import { useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

/**
 * The worker's warm tab (support/warm-tab.ts) reaches the next test as a fresh context would: what the first test
 * leaves behind — a session, stored values, an init script, a listener, routes, another tab, a phone's width, a page
 * that asks before it is left — is gone, and the tab is the same one (else nothing is gained). In order, on one
 * worker. A test asking for other context options gets a fresh context instead.
 */
test.describe.configure({ mode: "serial" });

let firstTab: Page | undefined;
let heard = 0;

test("a test leaves a signed-in tab behind, with scripts, a listener, routes, another tab and a phone's width", async ({
  page,
  context,
}) => {
  firstTab = page;
  await useScreen(page, { width: 360, language: "fr" });
  await signInAsDemo(page, "supplier");
  await page.addInitScript(() => localStorage.setItem("left-behind", "by an init script"));
  await context.addInitScript(() => localStorage.setItem("left-behind-too", "by the context's init script"));
  page.on("console", () => {
    heard += 1;
  });
  await page.route("**/api/health", (route) => route.fulfill({ status: 503, body: "routed" }));
  await context.route("**/api/permits*", (route) => route.abort());
  await context.newPage();
  await page.goto(areaPath("supplier", "dashboard"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await context.cookies()).not.toEqual([]);
  // A page that asks before it is left (as the permit form does with typing in it), after a click: Chromium asks
  // only on pages the person has used.
  await page.locator("body").click();
  await page.evaluate(() => {
    addEventListener("beforeunload", (event) => event.preventDefault());
    sessionStorage.setItem("left-behind", "yes");
    console.log("heard");
  });
  await expect.poll(() => heard).toBeGreaterThan(0);
  // The pointer left in the middle of the tab.
  await page.mouse.move(640, 360);
});

test("the next test gets the same tab, as a fresh context would be", async ({ page, context }) => {
  expect(page).toBe(firstTab);
  expect(context.pages()).toEqual([page]);
  expect(await context.cookies()).toEqual([]);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  const before = heard;
  const health = await page.goto("/api/health");
  expect(health?.status()).toBe(200);
  expect(
    await page.evaluate(async () => {
      console.log("not heard");
      const permits = await fetch("/api/permits").then(
        (response) => response.status,
        () => "aborted",
      );
      return { local: { ...localStorage }, session: { ...sessionStorage }, permits };
    }),
  ).toEqual({ local: {}, session: {}, permits: 401 });
  expect(heard).toBe(before);
  // The pointer starts where a new tab's does: the first step of a move from there to (10, 10) is (5, 5). The page
  // listens before the pointer moves (a listener still on its way to a busy page heard only the second step).
  type TListening = { firstStep: Promise<number[]> };
  await page.evaluate(() => {
    (window as unknown as TListening).firstStep = new Promise<number[]>((resolve) =>
      addEventListener("mousemove", (event) => resolve([event.clientX, event.clientY]), { once: true }),
    );
  });
  await page.mouse.move(10, 10, { steps: 2 });
  expect(await page.evaluate(() => (window as unknown as TListening).firstStep)).toEqual([5, 5]);
  // Signed out: the app sends the tab to sign-in, in English.
  await page.goto(areaPath("supplier", "dashboard"));
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test.describe("a test that asks for other context options", () => {
  test.use({ locale: "fr-FR" });

  test("gets a fresh context with them, not the warm tab", async ({ page }) => {
    expect(page).not.toBe(firstTab);
    await page.goto("/api/health");
    expect(await page.evaluate(() => navigator.language)).toBe("fr-FR");
  });
});
