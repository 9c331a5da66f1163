import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectArea, signInThroughUi } from "../support/session";

test("a super-responsible sees only its own division", async ({ page }) => {
  await signInThroughUi(page, DEMO.superresponsible.email, DEMO_PASSWORD);
  await expectArea(page, "superresponsible");

  await page.goto("/superresponsible/zones");
  const rows = page.getByTestId("sector-row");
  await expect(rows.filter({ hasText: "Tank farm" })).toBeVisible();
  await expect(rows.filter({ hasText: "Crude distillation unit" })).toBeVisible();
  await expect(page.getByText("Marine jetty and loading")).toHaveCount(0);
  await expect(page.getByText("South Terminal")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Division" })).toHaveCount(0);

  await page.goto("/superresponsible/responsable");
  await expect(page.getByTestId("manager-row").filter({ hasText: "Rita Permit-Manager" })).toBeVisible();
  await expect(page.getByText("Rafael Permit-Manager")).toHaveCount(0);
  await expect(page.getByRole("tab")).toHaveCount(2);

  await page.getByRole("tab", { name: "Permissions matrix" }).click();
  await expect(page.getByTestId("permissions-matrix")).toBeVisible();
  await expect(page.getByTestId("permissions-matrix")).not.toContainText("Marine jetty");

  // Another division's sector is not reachable by its address either.
  const other = await page.evaluate(async () => {
    const token = localStorage.getItem("token");
    const response = await fetch("/api/sectors?q=Marine", { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).total as number;
  });
  expect(other).toBe(0);
});
