import { expect, test } from "@playwright/test";
import { DEMO } from "../support/demo-accounts";
import { expectScreensSound } from "../support/screens";
import { signInAsDemo, type TDemoRole } from "../support/session";

/**
 * Every role's profile page: the account and its password, and what else it holds (the e-mail preferences
 * of each notification kind, the private calendar feed; the company page and the audit trail for the enterprise,
 * which their own specs check at every size). The admin has no calendar feed (it is party to no permit).
 * The enterprise's and the responsible's whole profile pages are checked, at the same two sizes, by specs that open
 * them anyway: audit-trail (with the trail loaded) and notifications-drawer (after the drawer).
 */
const CHECKED_ELSEWHERE: readonly TDemoRole[] = ["enterprise", "responsible"];
for (const role of (Object.keys(DEMO) as TDemoRole[]).filter((r) => !CHECKED_ELSEWHERE.includes(r))) {
  test(`the ${role}'s profile passes the screen checks at 360 px in French and 1280 px in English`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page, role);
    const profile = `/${DEMO[role].area}/profile`;
    for (const { width, language, preferences } of [
      { width: 360, language: "fr", preferences: "Notifications par e-mail" },
      { width: 1280, language: "en", preferences: "E-mail notifications" },
    ] as const) {
      await page.evaluate((lng) => localStorage.setItem("language", lng), language);
      await page.setViewportSize({ width, height: 800 });
      await expectScreensSound(page, [profile]);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // The sections are loaded (not a loader or an error) when the checks ran.
      await expect(page.getByRole("heading", { name: preferences })).toBeVisible();
      await expect(page.getByRole("switch").first()).toBeVisible();
    }
  });
}
