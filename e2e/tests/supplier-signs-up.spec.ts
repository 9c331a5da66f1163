import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { waitForCode } from "../support/outbox";
import { expectArea, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

test("a new supplier signs up, confirms with the e-mailed code, signs in and lands on its dashboard", async ({
  page,
}) => {
  const email = uniqueEmail("new-supplier");
  const password = "Supplier-pass-1";

  await page.goto(authPath(AUTH_PATHS.signUp));
  await page.getByLabel("Company name").fill("Lyon Scaffolding");
  await page.getByLabel("Full name").fill("Camille Martin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+33 6 11 22 33 44");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL(/\/auth\/Confirm-account\?email=/);
  const code = await waitForCode(email);
  await page
    .getByLabel(/Security code/)
    .first()
    .click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/default/);

  await signInThroughUi(page, email, password);
  await expectArea(page, "supplier");
});

test("sign-up shows the validation messages and keeps what was typed", async ({ page }) => {
  await page.goto(authPath(AUTH_PATHS.signUp));
  await page.getByLabel("Company name").fill("A");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill("different");
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page.getByText("At least 2 characters")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Minimum 8 characters")).toBeVisible();
  await expect(page.getByText("Passwords must match")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page).toHaveURL(/\/auth\/sign-up/);
});
