import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { expect, test } from "@playwright/test";

test("switching to French persists across reloads", async ({ page }) => {
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  await page.getByLabel("Language").first().click();
  await page.getByText("FR", { exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");

  await page.reload();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
