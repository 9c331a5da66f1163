import { randomBytes } from "node:crypto";
import { areaPath } from "../support/paths";
import { sitePlanPng } from "../support/png";
import { DESKTOP_EN, expectDialogSound, expectThisScreenSound, openInApp, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

const suffix = randomBytes(3).toString("hex");
const epiName = `Arc flash suit ${suffix}`;

/** Picks an option of a Mantine select or multi-select inside `scope`; options open in a portal. */
async function pick(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).first().click();
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

test.describe.configure({ mode: "serial" });

// At the wide extreme: the risk screens and create forms of the admin and the enterprise are checked here, where the
// journeys open them (the narrow extreme, and the super-responsible's read-only screens, are
// role-screens-accessibility's).
test.beforeEach(async ({ page }) => {
  await useScreen(page, DESKTOP_EN);
});

test("the admin adds a protective equipment that the enterprise can then pick", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsDemo(page, "admin");
  await page.goto(areaPath("admin", "epis"));
  await expectThisScreenSound(page);
  await page.getByRole("button", { name: "New protective equipment" }).click();
  await expectDialogSound(page, `${areaPath("admin", "epis")} (New protective equipment)`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name in English").fill(epiName);
  await dialog.getByLabel("Description").fill("Category 4 arc flash protection");
  await page
    .getByTestId("epi-icon-file")
    .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: sitePlanPng(64, 64) });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${epiName} added to the catalogue`)).toBeVisible();
  await expect(page.getByTestId("epi-row").filter({ hasText: epiName })).toBeVisible();

  // Toasts stack under the header bar, not over its account menu: a toast keeps itself open while the pointer rests
  // on it, so one lying over the menu would keep it covered for as long as someone tried to press it.
  const toastsTop = await page
    .locator(".mantine-Notifications-root[data-position=top-right]")
    .evaluate((stack) => stack.getBoundingClientRect().top);
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(toastsTop).toBeGreaterThanOrEqual(header.y + header.height);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/default$/);
  await signInAsDemo(page, "enterprise");
  // The enterprise's risk screens this journey does not otherwise use: checked only, the first loaded and the others
  // opened in the app (as its links open them).
  for (const [index, path] of [
    areaPath("enterprise", "generalWorkTypes"),
    ...["risks", "critical"].map((t) => areaPath("enterprise", "riskAssignment", `tab=${t}`)),
  ].entries()) {
    if (index === 0) await page.goto(path);
    else await openInApp(page, path);
    await expectThisScreenSound(page, path);
  }
  await openInApp(page, areaPath("enterprise", "riskAssignment", "tab=links"));
  await expectThisScreenSound(page, areaPath("enterprise", "riskAssignment", "tab=links"));
  await page.getByRole("button", { name: "New useful link", exact: true }).click();
  await expectDialogSound(page, `${areaPath("enterprise", "riskAssignment", "tab=links")} (New useful link)`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.goto(areaPath("enterprise", "riskAssignment", "tab=epis"));
  await expectThisScreenSound(page, areaPath("enterprise", "riskAssignment", "tab=epis"));
  await page.getByRole("checkbox", { name: epiName }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Protective equipment saved/)).toBeVisible();
});

// "Add checklist item" is clicked right after an invalid training link: the click must land although the link's
// error appears on blur (it used to move the button between mouse-down and mouse-up).
test("the enterprise sets up a procedure work type, a specific critical risk, an assignment and the matrix colours", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const workType = `Tank entry ${suffix}`;
  const specificRisk = `Toxic gas ${suffix}`;
  await signInAsDemo(page, "enterprise");

  // A procedure work type with a checklist.
  await page.goto(areaPath("enterprise", "procedureWorkTypes"));
  await expectThisScreenSound(page);
  await page.getByRole("button", { name: "New work type" }).click();
  await expectDialogSound(page, `${areaPath("enterprise", "procedureWorkTypes")} (New work type)`);
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(workType);
  await dialog.getByLabel("Description").fill("Entry into a drained storage tank");
  await dialog
    .getByLabel("Procedure", { exact: true })
    .fill("Isolate, drain, ventilate, test the atmosphere, then enter.");
  for (const [index, item] of ["Atmosphere tested", "Standby person in place"].entries()) {
    await dialog.getByRole("button", { name: "Add checklist item" }).click();
    await dialog.getByLabel(`Checklist item ${index + 1}`, { exact: true }).fill(item);
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("work-type-row").filter({ hasText: workType })).toBeVisible();

  // A specific critical risk with a logogram and a training link.
  await page.goto(areaPath("enterprise", "riskAssignment", "tab=specific"));
  await expectThisScreenSound(page, areaPath("enterprise", "riskAssignment", "tab=specific"));
  await page.getByRole("button", { name: "New specific critical risk" }).click();
  await expectDialogSound(
    page,
    `${areaPath("enterprise", "riskAssignment", "tab=specific")} (New specific critical risk)`,
  );
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(specificRisk);
  await dialog.getByLabel("Description").fill("H2S may be released when the sludge is disturbed");
  await dialog.getByLabel("Training link").fill("not a url");
  await dialog.getByRole("button", { name: "Add checklist item" }).click();
  // Leaving the field validated it, and the click that left it still landed (the new item is there).
  await expect(dialog.getByText("A valid URL is required")).toBeVisible();
  await dialog.getByLabel("Checklist item 1", { exact: true }).fill("Personal H2S detector worn");
  await page
    .getByTestId("logogram-file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: sitePlanPng(96, 96) });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("A valid URL is required")).toBeVisible();
  await dialog.getByLabel("Training link").fill("https://training.example/h2s");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("specific-risk-row").filter({ hasText: specificRisk })).toBeVisible();

  // Assigned to a sector with two protective equipments.
  await page.goto(areaPath("enterprise", "riskAssignment", "tab=assignment"));
  await expectThisScreenSound(page, areaPath("enterprise", "riskAssignment", "tab=assignment"));
  await pick(page, page, "Sector", /Tank farm/);
  await pick(page, page, "Work type", workType);
  await pick(page, page, "Specific critical risks", specificRisk);
  await pick(page, page, "Required protective equipment", epiName);
  await pick(page, page, "Required protective equipment", "Safety gloves");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Risk assignment saved")).toBeVisible();
  await page.reload();
  await expect(page.getByText(specificRisk).first()).toBeVisible();
  await expect(page.getByText(epiName).first()).toBeVisible();

  // A new colour for a criticality level changes the grid.
  await page.goto(areaPath("enterprise", "riskMatrix"));
  await expectThisScreenSound(page);
  const level = page.getByTestId("matrix-level").first();
  const levelName = (await level.getByLabel("Name").inputValue()).trim();
  await level.getByLabel("Colour").fill("#1971c2");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Risk matrix saved")).toBeVisible();
  await page.reload();
  const cell = page.locator(`td[data-level="${levelName}"] select`).first();
  await expect(cell).toHaveCSS("background-color", "rgb(25, 113, 194)");
});
