import { DEMO_ENTERPRISE_NAME } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  openInApp,
  openScreen,
  SCREEN_EXTREMES,
  useScreen,
} from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

/**
 * The enterprise's profile, whose sections other specs use (company-page, credits-request, audit-trail): its private
 * calendar feed, and the screen checks of the whole page and of what opens from it, at both extremes. The profile is
 * loaded once per size for all of them (each section's spec used to load it again).
 */

const PROFILE = areaPath("enterprise", "profile");

// Both tests turn the demo enterprise's one calendar feed on and off: in order, on one worker.
test.describe.configure({ mode: "default" });

test("the profile gives a private calendar address that lists the permits until it is turned off", async ({ page }) => {
  await useScreen(page, { width: 1280, language: "en" });
  await signInAsDemo(page, "enterprise");
  // A numbered demo permit starting in the next five days (the demo seeds them relative to its start).
  const permit = await page.evaluate(async () => {
    const now = Date.now();
    const query = new URLSearchParams({
      view: "all",
      sort: "startAt",
      pageSize: "50",
      from: new Date(now).toISOString(),
      to: new Date(now + 5 * 24 * 3600 * 1000).toISOString(),
    });
    const response = await fetch(`/api/permits?${query}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    const rows = (await response.json()).data as Array<{ id: string; documentNumber: string | null; startAt: string }>;
    return rows.find((row) => row.documentNumber && row.startAt && Date.parse(row.startAt) > now)!;
  });
  await page.goto(PROFILE);
  const section = page.getByTestId("calendar-feed-section");
  await section.getByRole("button", { name: "Create the address" }).click();
  const address = section.getByLabel("Your private calendar address");
  await expect(address).toHaveValue(/\/api\/public\/calendar\/.+\.ics$/);
  const url = await address.inputValue();

  // What a calendar program does: fetch it without signing in.
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const body = await feed.text();
  expect(body).toContain("BEGIN:VCALENDAR");
  expect(body).toContain(`UID:${permit.id}@openpermit`);
  expect(body).toContain(permit.documentNumber);

  await section.getByRole("button", { name: "Turn off" }).click();
  await page
    .getByRole("dialog", { name: "Turn the calendar feed off?" })
    .getByRole("button", { name: "Turn off" })
    .click();
  await expect(section.getByRole("button", { name: "Create the address" })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});

const WORDS = {
  en: {
    preferences: "E-mail notifications",
    create: "Create the address",
    turnOff: "Turn off",
    preview: "Preview",
    requestCredits: "Request credits",
    auditTrail: "Audit trail",
    signedIn: "Signed in",
  },
  fr: {
    preferences: "Notifications par e-mail",
    create: "Créer l'adresse",
    turnOff: "Désactiver",
    preview: "Aperçu",
    requestCredits: "Demander des crédits",
    auditTrail: "Journal d’audit",
    signedIn: "Connexion",
  },
} as const;

/** An open dialog: axe on the dialog alone (the page behind it is checked on its own), no overflow; then closed. */
async function expectDialogChecked(page: Page, label: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page, label, "[role=dialog]");
  await expectNoHorizontalOverflow(page, label);
}

for (const { width, language } of SCREEN_EXTREMES) {
  test(`the enterprise's profile, its sections' dialogs, the calendar view and the supplier's read-only company page at ${width} px in ${language}: no serious axe violations, no overflow`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const words = WORDS[language];
    await useScreen(page, { width, language });
    await signInAsDemo(page, "enterprise");

    // The whole profile page, its audit trail loaded: also the enterprise's profile check (the other roles' are
    // role-screens-accessibility's and notifications-drawer's).
    await openScreen(page, PROFILE);
    const trail = page.getByTestId("audit-trail-section");
    await expect(trail.getByTestId("audit-row").first()).toBeVisible();
    // The trail reads in the reader's language: its actions in words (this very sign-in among them), never as stored.
    await expect(trail.getByRole("heading", { name: words.auditTrail })).toBeVisible();
    await expect(trail.getByTestId("audit-row").filter({ hasText: words.signedIn }).first()).toBeVisible();
    await expect(trail).not.toContainText("auth.signIn");
    // The sections are loaded (not a loader or an error) when the checks run.
    await expect(page.getByRole("heading", { name: words.preferences })).toBeVisible();
    await expect(page.getByRole("switch").first()).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectNoSeriousAxeViolations(page, `${PROFILE} (audit trail shown) ${width} ${language}`);
    await expectNoHorizontalOverflow(page, `${PROFILE} ${width} ${language}`);

    // The calendar feed section in both of its states: no address yet, then the address with its buttons (turned off
    // again at the end).
    const feed = page.getByTestId("calendar-feed-section");
    for (const state of ["none", "address"] as const) {
      if (state === "address") {
        await feed.getByRole("button", { name: words.create }).click();
        await expect(feed.getByRole("textbox")).toBeVisible();
      }
      await expectNoSeriousAxeViolations(
        page,
        `feed ${state} ${width} ${language}`,
        "[data-testid=calendar-feed-section]",
      );
      await expectNoHorizontalOverflow(page, `feed ${state} ${width} ${language}`);
    }
    await feed.getByRole("button", { name: words.turnOff }).click();
    await page.getByRole("dialog").getByRole("button", { name: words.turnOff }).click();
    await expect(feed.getByRole("button", { name: words.create })).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();

    // The company page's preview, then the credits request form, each open over the profile.
    await page
      .locator("#company-page")
      .getByRole("button")
      .filter({ hasText: new RegExp(`^${words.preview}$`) })
      .click();
    await expectDialogChecked(page, `preview ${width} ${language}`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: words.requestCredits }).first().click();
    await expectDialogChecked(page, `credits request dialog ${width} ${language}`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // The permits' calendar view. A narrow screen opens on the week's list; a wide one on the month.
    const calendarView = areaPath("enterprise", "permits", "view=calendar");
    await openInApp(page, calendarView);
    await expect(page.getByTestId("permit-calendar").getByRole("tab", { selected: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, calendarView);
    await expectNoHorizontalOverflow(page, calendarView);

    // What a supplier affiliated with the refinery reads of its company page: the read-only view.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const supplier = await context.newPage();
    await useScreen(supplier, { width, language });
    await signInAsDemo(supplier, "supplier");
    await supplier.goto(areaPath("supplier", "supplierRequests", "view=all"));
    await supplier
      .getByTestId("demand-row")
      .getByRole("button", { name: new RegExp(DEMO_ENTERPRISE_NAME) })
      .first()
      .click();
    await expect(supplier.getByRole("dialog").getByTestId("company-page-view")).toBeVisible();
    await expectNoSeriousAxeViolations(supplier, `read-only ${width} ${language}`, "[role=dialog]");
    await expectNoHorizontalOverflow(supplier, `read-only ${width} ${language}`);
    await context.close();
  });
}
