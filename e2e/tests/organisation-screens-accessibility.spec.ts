import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectArea, signInInAnyLanguage } from "../support/session";

const SCREENS = {
  enterprise: [
    "/enterprise/division",
    "/enterprise/secteurs",
    "/enterprise/soussecteurs",
    "/enterprise/superResponsible?tab=onsite",
    "/enterprise/superResponsible?tab=permit",
    "/enterprise/superResponsible?tab=matrix",
  ],
  superresponsible: [
    "/superresponsible/zones",
    "/superresponsible/subzone",
    "/superresponsible/responsable?tab=permit",
    "/superresponsible/responsable?tab=matrix",
  ],
} as const;

for (const [role, PAGES] of Object.entries(SCREENS) as Array<[keyof typeof SCREENS, readonly string[]]>) {
  for (const language of ["en", "fr"] as const) {
    for (const width of [360, 1280]) {
      test(`the ${role}'s organisation screens work at ${width} px in ${language}, with no serious axe violations`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 800 });
        await page.addInitScript((lng) => localStorage.setItem("language", lng), language);
        await signInInAnyLanguage(page, DEMO[role].email, DEMO_PASSWORD);
        await expectArea(page, role);
        for (const path of PAGES) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
            [],
          );
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} overflows at ${width} px`).toBeLessThanOrEqual(0);
        }
      });
    }
  }
}
