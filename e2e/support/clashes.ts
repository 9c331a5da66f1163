import { expect, type Locator, type Page } from "@playwright/test";

/** The remark the journeys acknowledge a clash with (hot-work-journey.spec.ts checks the dialogs themselves). */
export const JOURNEY_CLASH_REMARK = "Coordinated with the area authority: one team at a time.";

/**
 * Fills every clash remark a send, verify or approve dialog shows (none when the permit clashes with nothing).
 * Journeys run side by side on the demo's places, so whether a permit clashes depends on the others.
 */
export async function acknowledgeClashesIn(dialog: Locator) {
  for (const remark of await dialog.locator("textarea[data-testid^='clash-remark-']").all()) {
    if (!(await remark.inputValue())) await remark.fill(JOURNEY_CLASH_REMARK);
  }
}

/**
 * Presses Send on the request form and, when the permit clashes with others, acknowledges each in the send
 * dialog (again if one appears meanwhile), until the permit is registered.
 */
export async function sendFromForm(page: Page) {
  await page.getByTestId("permit-send").click();
  const registered = page.getByText("Permit registered").last();
  const dialog = page.getByTestId("clash-send-dialog");
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(registered.or(dialog)).toBeVisible();
    if (await registered.isVisible()) return;
    await expect(dialog.getByTestId("clash-send-confirm")).toBeEnabled();
    await acknowledgeClashesIn(dialog);
    await dialog.getByTestId("clash-send-confirm").click();
    await expect(registered.or(dialog.getByRole("alert").last())).toBeVisible();
  }
  await expect(registered).toBeVisible();
}
