import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { decodeToken, expectArea, expiredTokenFor, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

const storedToken = (page: import("@playwright/test").Page) => page.evaluate(() => localStorage.getItem("token"));

test("an expired access token is refreshed transparently", async ({ page }) => {
  await signInThroughUi(page, DEMO.responsible.email, DEMO_PASSWORD);
  await expectArea(page, "responsible");
  const original = decodeToken((await storedToken(page))!);

  // The token expires while no app runs (a page of the app's origin without the app): a running app would meet the
  // expired token at its next call and refresh it itself, and a reload aborting that refresh after the server had
  // rotated the cookie left the new page only the spent one (refused as a replay).
  await page.goto("/api/health");
  const expired = await expiredTokenFor({ email: original.email, role: original.role, id: original.certserialnumber });
  await page.evaluate((token) => localStorage.setItem("token", token), expired);
  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh-token") && r.status() === 200);
  await page.goto(areaPath("responsible", "dashboard"));
  await refreshed;

  await expectArea(page, "responsible");
  const now = await storedToken(page);
  expect(now).not.toBe(expired);
  expect(decodeToken(now!).exp * 1000).toBeGreaterThan(Date.now());
  // The profile loaded with the new token: the user's name is shown in the layout.
  await expect(page.getByText("Rita Permit-Manager").first()).toBeVisible();
});

test("a revoked session sends the browser to the sign-in page", async ({ page }) => {
  await signInThroughUi(page, DEMO.employee.email, DEMO_PASSWORD);
  await expectArea(page, "employee");
  const claims = decodeToken((await storedToken(page))!);

  // Revoke the refresh-token family on the server, then let the access token expire. Done from a page of the app's
  // origin that holds no app: a running app reads the expired token at its next call, fails to refresh and goes to
  // sign-in on its own, and a reload racing that move was aborted ("frame was detached").
  await page.goto("/api/health");
  const signedOut = await page.evaluate(async () => (await fetch("/api/auth/sign-out", { method: "POST" })).status);
  expect(signedOut).toBe(204);
  const expired = await expiredTokenFor({ email: claims.email, role: claims.role, id: claims.certserialnumber });
  await page.evaluate((token) => localStorage.setItem("token", token), expired);
  await page.goto(areaPath("employee", "dashboard"));

  // To sign-in, keeping the page it was on to come back to after signing in again.
  await expect(page).toHaveURL(/\/auth\/sign-in\/default\?next=%2Femployee%2Fdefault$/);
  // Dropped by the failed refresh (its calls may still be settling when the page moves).
  await expect.poll(() => storedToken(page)).toBeNull();
});
