import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

for (const language of ["en", "fr"]) {
  test(`the sign-in page has no serious axe violations (${language})`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem("language", lng), language);
    await page.goto("/auth/sign-in/default");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test("the sign-in page fits a 360 px wide screen and works with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/auth/sign-in/default");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByRole("button", { name: "Sign in" }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // Keyboard only: the e-mail field is reachable with Tab and the form submits with Enter.
  await page.getByLabel("Email").focus();
  await page.keyboard.type("nobody@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("wrong-password");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Incorrect email address or password")).toBeVisible();
});
