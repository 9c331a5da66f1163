import { test } from "@playwright/test";
import { expectScreensSound, PHONE_FR, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";

/**
 * The organisation screens at the narrow extreme. The wide one is checked by the journeys that open them:
 * enterprise-organises-site (the enterprise's) and superresponsible-sees-own-division (the super-responsible's).
 */
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
  const { width, language } = PHONE_FR;
  test(`the ${role}'s organisation screens work at ${width} px in ${language}, with no serious axe violations`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useScreen(page, { width, language });
    await signInAsDemo(page, role);
    await expectScreensSound(page, PAGES);
  });
}
