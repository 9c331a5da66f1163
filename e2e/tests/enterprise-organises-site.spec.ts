import { randomBytes } from "node:crypto";
import { uniqueEmail } from "../support/accounts";
import { waitForLink } from "../support/outbox";
import { areaPath } from "../support/paths";
import { sitePlanPng } from "../support/png";
import { DESKTOP_EN, expectThisScreenSound, openInApp, useScreen } from "../support/screens";
import { expectArea, signInAsDemo, signInThroughUi } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

/** Picks an option of a Mantine select inside `scope` (a dialog, or the page); options open in a portal. */
async function pick(page: Page, scope: Page | Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Clicks the sector map at a fraction of its width and height. */
async function clickMap(page: Page, x: number, y: number) {
  const map = page.getByTestId("sector-map");
  // boundingBox does not wait: a map still loading has none yet, and one replaced as its plan loads (seen in CI:
  // visible, then no box) has none for a moment. A click that lands ends the retries.
  await expect(async () => {
    const box = await map.boundingBox();
    expect(box).not.toBeNull();
    await map.click({ position: { x: box!.width * x, y: box!.height * y }, timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Scrolls the page until the sector map's zoom buttons sit under the middle of the sticky header, then checks what
 * a tap reaches there: the header (not the zoom button under it), and the header's language switch and bell
 * themselves. The map's panes and zoom buttons must never paint above the header.
 */
async function expectHeaderAboveMap(page: Page) {
  const header = page.locator("header");
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  // On a desktop the page is too short to scroll the plan that far: room below it, as a longer page would have.
  await page.evaluate(() => {
    document.body.style.paddingBottom = `${window.innerHeight}px`;
  });
  // Retried: a scroll may be smooth, and the plan's height follows the viewport's.
  await expect(async () => {
    const zoomBox = (await zoomIn.boundingBox())!;
    const headerBox = (await header.boundingBox())!;
    const delta = zoomBox.y + zoomBox.height / 2 - (headerBox.y + headerBox.height / 2);
    if (Math.abs(delta) > 2) await page.evaluate((by) => window.scrollBy(0, by), delta);
    expect(Math.abs(delta), "the zoom buttons are under the header").toBeLessThanOrEqual(2);
  }).toPass({ timeout: 15_000 });
  const targets = {
    "zoom button's place": { reaches: header, box: (await zoomIn.boundingBox())! },
    "language switch": { reaches: header.getByRole("radiogroup", { name: "Language" }) },
    bell: { reaches: header.getByRole("button", { name: /^Notifications/ }) },
  };
  for (const [name, target] of Object.entries(targets)) {
    const box = "box" in target ? target.box : (await target.reaches.boundingBox())!;
    const hit = await target.reaches.evaluate(
      (element, [x, y]) => {
        const found = document.elementFromPoint(x!, y!);
        return found && element.contains(found) ? "itself" : (found?.outerHTML.slice(0, 200) ?? "nothing");
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit, `a tap on the header at its ${name} reaches the header`).toBe("itself");
  }
  await page.evaluate(() => {
    document.body.style.paddingBottom = "";
  });
}

test("the enterprise sets up a division, a mapped sector with sub-sectors, a permit manager and the matrix", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString("hex");
  const division = `Quay ${suffix}`;
  const sector = `Jetty ${suffix}`;
  const manager = { name: `Noah Verifier`, email: uniqueEmail("verifier"), password: "Verifier-pass-1" };

  // At the wide extreme: each organisation screen is checked here, where the journey opens it (the narrow one is
  // role-screens-accessibility's).
  await useScreen(page, DESKTOP_EN);
  await signInAsDemo(page, "enterprise");

  // A division.
  await page.goto(areaPath("enterprise", "divisions"));
  await expectThisScreenSound(page);
  await page.getByRole("button", { name: "New division" }).click();
  const divisionDialog = page.getByRole("dialog", { name: "New division" });
  await divisionDialog.getByLabel("Name").fill(division);
  await divisionDialog.getByLabel("Description").fill("Liquid bulk quay");
  await divisionDialog.getByLabel("Address").fill("Route du Port");
  await divisionDialog.getByLabel("Province").fill("Rhône");
  await divisionDialog.getByLabel("Postal code").fill("69007");
  await divisionDialog.getByLabel("Country").fill("France");
  await divisionDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Division created")).toBeVisible();
  await expect(page.getByTestId("division-row").filter({ hasText: division })).toBeVisible();

  // A sector with its map.
  await page.goto(areaPath("enterprise", "sectors"));
  await expectThisScreenSound(page);
  await page.getByRole("button", { name: "New sector" }).click();
  const sectorDialog = page.getByRole("dialog", { name: "New sector" });
  await sectorDialog.getByLabel("Name").fill(sector);
  await pick(page, sectorDialog, "Division", division);
  await sectorDialog.getByLabel("Gathering point").fill("Gate 4 muster point");
  await sectorDialog.getByLabel("Number").fill("7");
  await page
    .getByTestId("sector-map-file")
    .setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: sitePlanPng() });
  await sectorDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sector created")).toBeVisible();
  await expect(page.getByTestId("sector-row").filter({ hasText: sector })).toContainText("Map");

  // Two sub-sectors placed on the map.
  await page.goto(areaPath("enterprise", "subSectors"));
  await expectThisScreenSound(page);
  await pick(page, page, "Sector", new RegExp(sector));
  await expect(page.getByTestId("sector-map")).toBeVisible();
  for (const [name, x, y] of [
    ["Loading arm A", 0.3, 0.4],
    ["Fire pump B", 0.7, 0.65],
  ] as const) {
    await clickMap(page, x, y);
    const editor = page.getByTestId("sub-sector-editor");
    await editor.getByLabel("Name").fill(name);
    await editor.getByRole("button", { name: "Save" }).click();
    // The first toast may still be showing when the second one comes.
    await expect(page.getByText("Sub-sector created").last()).toBeVisible();
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("sub-sector-row")).toHaveCount(2);
  // Each pin's name stays on the plan.
  await expect(page.getByTestId("sector-map").getByText("Loading arm A", { exact: true })).toBeVisible();
  await expect(page.getByTestId("sector-map").getByText("Fire pump B", { exact: true })).toBeVisible();
  // The plan scrolled under the sticky header stays under it, on a desktop and on a phone: a tap on the language
  // switch or the bell reaches them, not the map's zoom buttons (at the plan's top right corner, right under them).
  // The toasts of the sub-sectors just created may still show: they stack under the header, not over it.
  await expectHeaderAboveMap(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 640 });
  await expectHeaderAboveMap(page);
  await page.setViewportSize(desktop);

  // A sector without a plan: its sub-sectors are listed by name until the plan is added, then placed on it.
  const planless = `Berths ${suffix}`;
  await page.goto(areaPath("enterprise", "sectors"));
  await page.getByRole("button", { name: "New sector" }).click();
  const planlessDialog = page.getByRole("dialog", { name: "New sector" });
  await planlessDialog.getByLabel("Name").fill(planless);
  await pick(page, planlessDialog, "Division", division);
  await planlessDialog.getByLabel("Gathering point").fill("Gate 5 muster point");
  await planlessDialog.getByLabel("Number").fill("8");
  await planlessDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sector created")).toBeVisible();
  await expect(page.getByTestId("sector-row").filter({ hasText: planless })).toContainText("No map");
  await page.goto(areaPath("enterprise", "subSectors"));
  await pick(page, page, "Sector", new RegExp(planless));
  const noPlan = page.getByTestId("no-sector-map");
  await expect(noPlan).toContainText("No plan yet — add one");
  await page.getByRole("button", { name: "New sub-sector" }).click();
  const unplacedEditor = page.getByTestId("sub-sector-editor");
  await expect(unplacedEditor.getByLabel("From the left (%)")).toHaveCount(0);
  await unplacedEditor.getByLabel("Name").fill("Berth C");
  await unplacedEditor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sub-sector created").last()).toBeVisible();
  const berth = page.getByTestId("sub-sector-row").filter({ hasText: "Berth C" });
  await expect(berth).toContainText("Not placed on the plan");
  await noPlan.locator('input[type="file"]').setInputFiles({
    name: "plan.png",
    mimeType: "image/png",
    buffer: sitePlanPng(),
  });
  await expect(page.getByText("Sector map uploaded")).toBeVisible();
  await expect(page.getByTestId("sector-map")).toBeVisible();
  await berth.getByRole("button", { name: "Edit Berth C" }).click();
  await clickMap(page, 0.5, 0.5);
  await page.getByTestId("sub-sector-editor").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Sub-sector updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Berth C", exact: true })).toBeVisible();
  await expect(page.getByTestId("sector-map").getByText("Berth C", { exact: true })).toBeVisible();
  await expect(berth).toContainText("% from the left");

  // The on-site managers' tab (checked only, opened in the app), then a permit manager, invited by e-mail, completes
  // the account and signs in.
  await openInApp(page, areaPath("enterprise", "superResponsibles", "tab=onsite"));
  await expectThisScreenSound(page, areaPath("enterprise", "superResponsibles", "tab=onsite"));
  await page.goto(areaPath("enterprise", "superResponsibles", "tab=permit"));
  await expectThisScreenSound(page, areaPath("enterprise", "superResponsibles", "tab=permit"));
  await page.getByRole("button", { name: "Invite a permit manager" }).first().click();
  const invite = page.getByRole("dialog", { name: "Invite a permit manager" });
  await invite.getByLabel("Full name").fill(manager.name);
  await invite.getByLabel("Email").fill(manager.email);
  await invite.getByLabel("Phone").fill("+33 6 98 76 54 32");
  await pick(page, invite, "Division", division);
  await invite.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Invitation sent to ${manager.email}`)).toBeVisible();

  const link = await waitForLink(manager.email);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await inviteePage.getByRole("textbox", { name: "Password", exact: true }).fill(manager.password);
  await inviteePage.getByRole("textbox", { name: "Confirm password", exact: true }).fill(manager.password);
  await inviteePage.getByRole("button", { name: "Complete account" }).click();
  await expect(inviteePage).toHaveURL(/\/auth\/sign-in\/default/);
  await signInThroughUi(inviteePage, manager.email, manager.password);
  await expectArea(inviteePage, "responsible");
  await invitee.close();

  // Verifier on the sector, in the matrix.
  await page.goto(areaPath("enterprise", "superResponsibles", "tab=matrix"));
  await expectThisScreenSound(page, areaPath("enterprise", "superResponsibles", "tab=matrix"));
  await pick(page, page, "Division", division);
  const cell = page.getByLabel(`Role of ${manager.name} in ${sector}`);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/permissions/cell") && r.status() === 200);
  await cell.selectOption("verifier");
  await saved;
  await expect(cell).toHaveValue("verifier");

  // Export as XLSX and import it back: nothing changes.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export XLSX" }).click();
  const file = await (await download).path();
  await page.getByTestId("permissions-import-file").setInputFiles(file);
  await page.getByRole("dialog", { name: "Import permissions" }).getByRole("button", { name: "Import" }).click();
  await expect(page.getByText(/rows? applied/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Role of ${manager.name} in ${sector}`)).toHaveValue("verifier");
});
