import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { createConfirmedAccount } from "../support/accounts";
import { countMailsTo, waitForCode } from "../support/outbox";
import { expectArea, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

test("a supplier resets a forgotten password: e-mail, code with countdown, new password", async ({ page, request }) => {
  const account = await createConfirmedAccount(request, "Supplier");
  const newPassword = "Brand-new-pass-2";

  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/reset/);
  // The address changes before the reset page's lazy part has loaded: until its heading shows, "Email" is still the
  // sign-in page's field (a slow CI run filled that one, and the reset page then opened with its own field empty).
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  const before = countMailsTo(account.email);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send code" }).click();

  await expect(page.getByText("Remaining time")).toBeVisible();
  const code = await waitForCode(account.email, { after: before });
  await page
    .getByLabel(/Security code/)
    .first()
    .click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify" }).click();

  await page.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/default/);

  await signInThroughUi(page, account.email, newPassword);
  await expectArea(page, "supplier");
});
