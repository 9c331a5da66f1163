import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Picks an option of a Mantine select or multi-select found by its test id (options open in a portal). The list
 * under a select may reload right after an earlier choice (the work types of the sector just chosen) and close the
 * dropdown that was just opened, as a person would see it: open it again until the option shows.
 */
export async function pickOption(page: Page, testId: string, option: string | RegExp) {
  // A string names the whole option: "Likely" must not pick "Unlikely" (Playwright's default is a substring).
  const byName = typeof option === "string" ? { name: option, exact: true } : { name: option };
  const choice = page.getByRole("option", byName).filter({ visible: true }).first();
  await expect(async () => {
    if (!(await choice.isVisible())) await page.getByTestId(testId).click();
    await choice.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Sets a Mantine DateTimePicker (English) to a day and a time: opens it, moves to the day's month, clicks the day,
 * types the time and confirms.
 */
export async function pickDateTime(page: Page, testId: string, when: Date) {
  await page.getByTestId(testId).click();
  const dropdown: Locator = page.locator("[data-dates-dropdown]").last();
  await expect(dropdown).toBeVisible();
  const dayLabel = `${when.getDate()} ${MONTHS[when.getMonth()]} ${when.getFullYear()}`;
  for (let i = 0; i < 12 && !(await dropdown.getByRole("button", { name: dayLabel, exact: true }).isVisible()); i++) {
    await dropdown.locator("[data-direction=next]").click();
  }
  await dropdown.getByRole("button", { name: dayLabel, exact: true }).click();
  await typeTimeField(dropdown.getByRole("spinbutton").nth(0), when.getHours());
  await typeTimeField(dropdown.getByRole("spinbutton").nth(1), when.getMinutes());
  await dropdown.locator(".mantine-DateTimePicker-submitButton").click();
  await expect(dropdown).toBeHidden();
}

/**
 * Types two digits into a time field and checks the field took them: on a busy machine a keystroke can land
 * before the field re-rendered and be lost ("08" became 00), so it is typed again until the value holds.
 */
async function typeTimeField(field: Locator, value: number) {
  await expect(async () => {
    await field.click();
    await field.press("ControlOrMeta+a");
    await field.pressSequentially(String(value).padStart(2, "0"));
    await expect(field).toHaveAttribute("aria-valuenow", String(value), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** `minutes` from now, to the minute (a window the work may start in: it opens 15 minutes before its start). */
export function minutesFromNow(minutes: number): Date {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setSeconds(0, 0);
  return at;
}
