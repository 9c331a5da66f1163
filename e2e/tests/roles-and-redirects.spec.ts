import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectArea, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

// The paths here are spelled out, not taken from packages/shared's AREA_PATHS / AUTH_PATHS: these tests check the
// routes and redirects as docs/domain.md specifies them, bare paths and unknown ones included.

for (const [key, account] of Object.entries(DEMO)) {
  test(`the demo ${key} lands on its own area and is sent to /auth from another area`, async ({ page }) => {
    await signInThroughUi(page, account.email, DEMO_PASSWORD);
    await expectArea(page, account.area);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const other = account.area === "admin" ? "enterprise" : "admin";
    await page.goto(`/${other}/default`);
    await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  });
}

test("bare paths redirect as specified", async ({ page }) => {
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  await page.goto("/auth/sign-in");
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);

  await signInThroughUi(page, DEMO.supplier.email, DEMO_PASSWORD);
  await expectArea(page, "supplier");
  await page.goto("/supplier");
  await expectArea(page, "supplier");
});

test("an unknown path goes to /auth when signed out, and to the user's own area when signed in", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);

  await signInThroughUi(page, DEMO.employee.email, DEMO_PASSWORD);
  await expectArea(page, "employee");
  await page.goto("/no/such/page");
  await expectArea(page, "employee");
  await page.goto("/employee/not-a-page");
  await expectArea(page, "employee");
});
