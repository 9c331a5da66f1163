import { DEMO } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { DESKTOP_EN, expectThisScreenSound, useScreen } from "../support/screens";
import { openDashboardAs, type TDemoRole } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

/** The number a figure card shows (its accessible name is "<label>: <number>"). */
async function figureValue(card: Locator): Promise<number> {
  await expect(card).toBeVisible();
  return Number(await card.getAttribute("data-value"));
}

/** The total a permit list states ("12 permits"). */
async function permitListTotal(page: Page): Promise<number> {
  const total = page.getByText(/^\d+ permits?$/);
  await expect(total).toBeVisible();
  return Number((await total.textContent())?.split(" ")[0]);
}

/**
 * Opens the role's dashboard at the wide extreme and checks it there (heading, axe, overflow, its figures loaded):
 * the journeys below check the dashboards they open; role-screens-accessibility checks the narrow extreme, and both
 * extremes of the dashboards no journey here opens (the super-responsible's and the employee's).
 */
async function openCheckedDashboard(page: Page, role: TDemoRole) {
  await useScreen(page, DESKTOP_EN);
  await openDashboardAs(page, role);
  await expect(page.locator("[data-testid^=figure-]").first()).toBeVisible();
  await expectThisScreenSound(page, areaPath(DEMO[role].area, "dashboard"));
  await expect(page.locator("html")).toHaveAttribute("lang", DESKTOP_EN.language);
}

test("a principal's dashboard figure opens the filtered list with its filter, counting the same permits", async ({
  page,
}) => {
  await openCheckedDashboard(page, "responsible");
  const card = page.getByTestId("figure-awaitingReview");
  const figure = await figureValue(card);
  await expect(card).toHaveAccessibleName(`Awaiting review: ${figure}`);
  // The coming week's preview lists the demo's permits of the next days, each opening its page.
  await expect(page.getByTestId("agenda-day")).toHaveCount(7);
  await expect(page.getByTestId("agenda-permit").first()).toBeVisible();

  await card.click();
  await expect(page).toHaveURL(/\/responsible\/filtred\?status=sended,Confirmed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Filtered permits" })).toBeVisible();
  await expect(page.getByTestId("permit-active-filter-status")).toHaveText("Status: Sent, Verified");
  expect(await permitListTotal(page)).toBe(figure);
});

test("the enterprise's starting-today figure carries its day, in the browser's zone, to the list", async ({ page }) => {
  await openCheckedDashboard(page, "enterprise");
  const starting = page.getByTestId("figure-startingToday");
  const figure = await figureValue(starting);
  await starting.click();
  await expect(page).toHaveURL(/\/enterprise\/filtred\?status=Approved,accepted&startDay=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId("permit-active-filter-startDay")).toBeVisible();
  if (figure === 0) await expect(page.getByTestId("empty-state")).toBeVisible();
  else expect(await permitListTotal(page)).toBe(figure);
});

test("a supplier's dashboard figure opens its list filtered by status", async ({ page }) => {
  await openCheckedDashboard(page, "supplier");
  const card = page.getByTestId("figure-toAccept");
  const figure = await figureValue(card);
  await card.click();
  await expect(page).toHaveURL(/\/supplier\/list-permis-sent\?status=Approved$/);
  await expect(page.getByTestId("permit-status-filter")).toHaveValue("Approved");
  expect(await permitListTotal(page)).toBe(figure);
});

test("the admin's dashboard shows the platform's figures, each opening its list", async ({ page }) => {
  await openCheckedDashboard(page, "admin");
  const active = page.getByTestId("figure-enterprises-active");
  const figure = await figureValue(active);
  expect(figure).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("figure-credits-sold")).toBeVisible();
  expect(await figureValue(page.getByTestId("figure-credits-sold"))).toBeGreaterThan(0);
  await expect(page.getByTestId("figure-suppliers-active")).toBeVisible();
  await active.click();
  await expect(page).toHaveURL(/\/admin\/enterprises\?status=active$/);
  await expect(page.getByText(`Total: ${figure}`)).toBeVisible();
});
