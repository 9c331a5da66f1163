import { expect, type Page } from "@playwright/test";

/** The shift dialogs (extension, handover) through the UI (docs/safety.md, "Extension and shift handover"). */

/** The `datetime-local` text of a time in the page's own time zone (what the field reads). */
export const localInput = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const date = new Date(at);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, iso);

/** Ticks the shift dialog's declaration, types the password and confirms with `confirm`. */
export async function signShiftDialog(page: Page, password: string, confirm: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("sign-declaration").check();
  await dialog.getByTestId("sign-password").fill(password);
  await dialog.getByTestId(confirm).click();
  await expect(dialog).toBeHidden();
}
