import { test } from "@playwright/test";
import { expectScreensSound, SCREEN_EXTREMES, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";

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
  for (const { width, language } of SCREEN_EXTREMES) {
    test(`the ${role}'s organisation screens work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useScreen(page, { width, language });
      await signInAsDemo(page, role);
      await expectScreensSound(page, PAGES);
    });
  }
}
