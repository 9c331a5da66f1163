import { readFile } from "node:fs/promises";
import { useScreen } from "../support/screens";
import { openDashboardAs } from "../support/session";
import { expect, test } from "../support/test";

// Each role's statistics screen, at the sizes and languages it is checked at, is role-screens-accessibility's.

test("the enterprise's statistics draw their charts, and a chart's data downloads as CSV", async ({ page }) => {
  await useScreen(page, { width: 1280, language: "en" });
  // Through the API (the sign-in page has its own specs), onto the dashboard, whose link it follows.
  await openDashboardAs(page, "enterprise");
  await page.getByRole("link", { name: "Statistics" }).first().click();
  await expect(page).toHaveURL(/\/enterprise\/statistics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistics" })).toBeVisible();

  // The demo's permits were sent in the last days: the default period (the last 12 months) holds them.
  const perMonth = page.getByTestId("chart-perMonth");
  await expect(perMonth.locator("svg path.recharts-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("chart-byContractor").locator("svg path.recharts-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("chart-byCriticality").locator("svg .recharts-sector").first()).toBeVisible();
  await expect(page.getByTestId("statistics-total")).toHaveText(/^\d+ permits? first sent in this period$/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV: Permits per month, by status" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statistics-perMonth-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines[0]).toBe("Month,Sent,Recheck,Verified,Approved,Accepted,In progress,Ended,Cancelled,Rejected,Total");
  expect(lines).toHaveLength(13);

  // A division narrows the figures, and stays in the URL.
  await page.getByTestId("statistics-division").click();
  await page.getByRole("option").first().click();
  await expect(page).toHaveURL(/\/enterprise\/statistics\?divisionId=[0-9a-f-]{36}$/);
  await expect(perMonth).toBeVisible();
});
