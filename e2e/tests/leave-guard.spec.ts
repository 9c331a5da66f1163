import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectArea, signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

/**
 * The new request form of the demo supplier, once its one principal is filled in, opened from its saved list inside
 * the app (so the browser's Back stays in the app, where the app's own question is asked).
 */
async function openNewRequest(page: Page) {
  await signInAsDemo(page, "supplier");
  await page.goto("/supplier/list-permis-saved");
  await page.getByTestId("permit-create").click();
  await expect(page.getByRole("heading", { level: 1, name: "Create a request" })).toBeVisible();
  await expect(page.getByTestId("permit-principal")).not.toHaveValue("");
}

const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

test("the permit form asks before typing is left by a link, Back or a reload, and keeps a local copy", async ({
  page,
}) => {
  await openNewRequest(page);
  const title = page.getByRole("textbox", { name: /^Task title/ });
  await title.fill(`Leave guard ${Date.now()}`);

  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/supplier\/list-permis-saved\/new$/);

  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/supplier\/list-permis-saved\/new$/);
  await expect(title).not.toHaveValue("");

  // A reload: the browser asks in its own words (headless Chromium shows no such question when a page is closed).
  // Dismissed, the reload does not happen and its promise never settles.
  const asked = page.waitForEvent("dialog");
  void page.reload().catch(() => {});
  const unload = await asked;
  expect(unload.type()).toBe("beforeunload");
  await unload.dismiss();
  await expect(title).not.toHaveValue("");

  // The local copy is offered when the form opens again.
  const typed = await title.inputValue();
  const reopened = await page.context().newPage();
  await reopened.goto("/supplier/list-permis-saved/new");
  const offer = reopened.getByTestId("permit-local-copy");
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(reopened.getByRole("textbox", { name: /^Task title/ })).toHaveValue(typed);

  // Saved: the form's own move to its draft's URL, and leaving afterwards, ask nothing.
  await reopened.getByRole("button", { name: "Save draft" }).click();
  await expect(reopened).toHaveURL(/\/supplier\/list-permis-saved\/[0-9a-f-]{36}$/);
  await reopened.getByRole("link", { name: "Back to the list" }).click();
  await expect(reopened).toHaveURL(/\/supplier\/list-permis-saved$/);
  await expect(leaveDialog(reopened)).toBeHidden();
});

test("digits typed in a date-time field's hours box give the typed time", async ({ page }) => {
  await openNewRequest(page);
  for (const [testId, day, digits, time] of [
    ["permit-start", "15", "1730", "17:30"],
    ["permit-end", "16", "0800", "08:00"],
  ] as const) {
    await page.getByTestId(testId).click();
    const dropdown = page.getByRole("dialog");
    await dropdown
      .locator("button:not([data-outside])", { hasText: new RegExp(`^${day}$`) })
      .first()
      .click();
    // A click in the middle of the hours box (the browser leaves the caret between the digits of "00").
    await dropdown.getByRole("spinbutton", { name: "Hours" }).click();
    await page.keyboard.type(digits, { delay: 50 });
    await page.keyboard.press("Enter");
    await expect(page.getByTestId(testId)).toHaveText(new RegExp(`^${day} .* ${time}$`));
  }
});

test("a page opened signed out opens after sign-in when it is the user's, else the dashboard", async ({ page }) => {
  await page.goto("/enterprise/profile#change-password");
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  await signInWithoutGoingToSignIn(page, DEMO.enterprise.email);
  await expect(page).toHaveURL(/\/enterprise\/profile#change-password$/);

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/supplier/list-permis-sent");
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  await signInWithoutGoingToSignIn(page, DEMO.enterprise.email);
  await expectArea(page, "enterprise");
});

/** Fills in the sign-in page the area guard sent the browser to (signInThroughUi would open it afresh, losing that). */
async function signInWithoutGoingToSignIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}
