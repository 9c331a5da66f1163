import { expect, type Page, test } from "@playwright/test";
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  expectScreensSound,
  PHONE_FR,
  SCREEN_EXTREMES,
  useScreen,
} from "../support/screens";
import { signInAsDemo } from "../support/session";

type TLanguage = "en" | "fr";

/** A create form opened from a screen: the button's name in each language. */
interface TDialog {
  path: string;
  button: Record<TLanguage, string>;
}

const ASSIGN_TABS = ["assignment", "risks", "critical", "specific", "links"];

/**
 * `extremes`: the sizes checked here. The admin's and the enterprise's screens and forms are checked at the wide
 * extreme by enterprise-configures-risks, where its journeys open them; the super-responsible's (read only) by no
 * journey, so at both here.
 */
const SCREENS = {
  enterprise: {
    extremes: [PHONE_FR],
    pages: [
      "/enterprise/general-work-type",
      "/enterprise/procedure-work-type",
      ...[...ASSIGN_TABS, "epis"].map((tab) => `/enterprise/assigne-risk?tab=${tab}`),
      "/enterprise/criticality",
    ],
    dialogs: [
      { path: "/enterprise/procedure-work-type", button: { en: "New work type", fr: "Nouveau type de travail" } },
      {
        path: "/enterprise/assigne-risk?tab=specific",
        button: { en: "New specific critical risk", fr: "Nouveau risque critique spécifique" },
      },
      { path: "/enterprise/assigne-risk?tab=links", button: { en: "New useful link", fr: "Nouveau lien utile" } },
    ],
  },
  superresponsible: {
    extremes: SCREEN_EXTREMES,
    pages: [...ASSIGN_TABS.map((tab) => `/superresponsible/assigne-risk?tab=${tab}`), "/superresponsible/criticality"],
    // Read only: no create form to open.
    dialogs: [],
  },
  admin: {
    extremes: [PHONE_FR],
    pages: ["/admin/epis"],
    dialogs: [
      { path: "/admin/epis", button: { en: "New protective equipment", fr: "Nouvel équipement de protection" } },
    ],
  },
} satisfies Record<
  string,
  { extremes: ReadonlyArray<(typeof SCREEN_EXTREMES)[number]>; pages: string[]; dialogs: TDialog[] }
>;

/** Pages checked by one test: the enterprise's nine screens in one test came near its timeout on a busy machine. */
const PAGES_PER_TEST = 5;
const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

for (const [role, { extremes, pages, dialogs }] of Object.entries(SCREENS) as Array<
  [
    keyof typeof SCREENS,
    { extremes: ReadonlyArray<(typeof SCREEN_EXTREMES)[number]>; pages: string[]; dialogs: TDialog[] },
  ]
>) {
  for (const { width, language } of extremes) {
    const signedIn = async (page: Page) => {
      await useScreen(page, { width, language });
      await signInAsDemo(page, role);
    };
    for (const [index, group] of chunks(pages, PAGES_PER_TEST).entries()) {
      test(`the ${role}'s risk screens (${index + 1}) work at ${width} px in ${language}, with no serious axe violations`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        await signedIn(page);
        await expectScreensSound(page, group);
      });
    }
    if (dialogs.length === 0) continue;
    test(`the ${role}'s risk create forms work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signedIn(page);
      for (const dialog of dialogs) {
        await page.goto(dialog.path);
        await page.getByRole("button", { name: dialog.button[language], exact: true }).click();
        const opened = page.getByRole("dialog");
        await expect(opened).toBeVisible();
        await page.waitForLoadState("networkidle");
        const where = `${dialog.path} (${dialog.button[language]})`;
        await expectNoSeriousAxeViolations(page, where, "[role=dialog]");
        await expectNoHorizontalOverflow(page, where);
        await page.keyboard.press("Escape");
        await expect(opened).toBeHidden();
      }
    });
  }
}
