import { createConfirmedAccount } from "../support/accounts";
import { areaPath } from "../support/paths";
import { expectArea, signInAsDemo, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

test("the admin approves a pending enterprise account, which can then sign in", async ({ page, request, browser }) => {
  const enterprise = await createConfirmedAccount(request, "Enterprise");

  // Under verification until the admin approves.
  const early = await request.post("/api/auth/sign-in", { data: enterprise });
  expect(early.status()).toBe(403);
  expect((await early.json()).error.code).toBe("ACCOUNT_INACTIVE");

  await signInAsDemo(page, "admin");
  await page.goto(areaPath("admin", "adminRequests"));
  const card = page.getByText(enterprise.email).first();
  await expect(card).toBeVisible();
  const row = page.locator("[data-demand-id]", { hasText: enterprise.email }).first();
  await ((await row.count()) ? row : page).getByRole("button", { name: "Approve" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  const context = await browser.newContext();
  const other = await context.newPage();
  await signInThroughUi(other, enterprise.email, enterprise.password);
  await expectArea(other, "enterprise");
  await context.close();
});
