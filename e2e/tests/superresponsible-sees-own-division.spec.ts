import { areaPath } from "../support/paths";
import { DESKTOP_EN, expectThisScreenSound, openInApp, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, test } from "../support/test";

// Its screens are checked here at the wide extreme, where it opens them (the narrow one is
// role-screens-accessibility's). Its sign-in page and landing are roles-and-redirects'.
test("a super-responsible sees only its own division", async ({ page }) => {
  await useScreen(page, DESKTOP_EN);
  await signInAsDemo(page, "superresponsible");

  await page.goto(areaPath("superresponsible", "zones"));
  await expectThisScreenSound(page);
  const rows = page.getByTestId("sector-row");
  await expect(rows.filter({ hasText: "Tank farm" })).toBeVisible();
  await expect(rows.filter({ hasText: "Crude distillation unit" })).toBeVisible();
  await expect(page.getByText("Marine jetty and loading")).toHaveCount(0);
  await expect(page.getByText("South Terminal")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Division" })).toHaveCount(0);

  await page.goto(areaPath("superresponsible", "responsibles"));
  // Its first tab: the permit managers.
  await expectThisScreenSound(page, areaPath("superresponsible", "responsibles", "tab=permit"));
  await expect(page.getByTestId("manager-row").filter({ hasText: "Rita Permit-Manager" })).toBeVisible();
  await expect(page.getByText("Rafael Permit-Manager")).toHaveCount(0);
  await expect(page.getByRole("tab")).toHaveCount(2);

  await page.getByRole("tab", { name: "Permissions matrix" }).click();
  await expect(page.getByTestId("permissions-matrix")).toBeVisible();
  await expect(page.getByTestId("permissions-matrix")).not.toContainText("Marine jetty");
  await expect(page).toHaveURL(/tab=matrix/);
  await expectThisScreenSound(page, areaPath("superresponsible", "responsibles", "tab=matrix"));

  // Its sub-sectors' screen (checked only, opened in the app).
  await openInApp(page, areaPath("superresponsible", "subZones"));
  await expectThisScreenSound(page);

  // Another division's sector is not reachable by its address either.
  const other = await page.evaluate(async () => {
    const token = localStorage.getItem("token");
    const response = await fetch("/api/sectors?q=Marine", { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).total as number;
  });
  expect(other).toBe(0);
});
