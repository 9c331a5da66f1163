import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectArea, signInInAnyLanguage } from "../support/session";

type TLanguage = "en" | "fr";

/** A create form opened from a screen: the button's name in each language. */
interface TDialog {
  path: string;
  button: Record<TLanguage, string>;
}

const ASSIGN_TABS = ["assignment", "risks", "critical", "specific", "links"];

const SCREENS = {
  enterprise: {
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
    pages: [...ASSIGN_TABS.map((tab) => `/superresponsible/assigne-risk?tab=${tab}`), "/superresponsible/criticality"],
    // Read only: no create form to open.
    dialogs: [],
  },
  admin: {
    pages: ["/admin/epis"],
    dialogs: [
      { path: "/admin/epis", button: { en: "New protective equipment", fr: "Nouvel équipement de protection" } },
    ],
  },
} satisfies Record<string, { pages: string[]; dialogs: TDialog[] }>;

/** Serious and critical axe violations (of `include` when given), as readable lines. */
async function seriousViolations(page: Page, where: string, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const [role, { pages, dialogs }] of Object.entries(SCREENS) as Array<
  [keyof typeof SCREENS, { pages: string[]; dialogs: TDialog[] }]
>) {
  for (const language of ["en", "fr"] as const) {
    for (const width of [360, 1280]) {
      test(`the ${role}'s risk screens work at ${width} px in ${language}, with no serious axe violations`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        await page.setViewportSize({ width, height: 800 });
        await page.addInitScript((lng) => localStorage.setItem("language", lng), language);
        await signInInAnyLanguage(page, DEMO[role].email, DEMO_PASSWORD);
        await expectArea(page, role);
        for (const path of pages) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
          expect(await seriousViolations(page, path)).toEqual([]);
          expect(await horizontalOverflow(page), `${path} overflows at ${width} px`).toBeLessThanOrEqual(0);
        }
        for (const dialog of dialogs) {
          await page.goto(dialog.path);
          await page.getByRole("button", { name: dialog.button[language], exact: true }).click();
          const opened = page.getByRole("dialog");
          await expect(opened).toBeVisible();
          await page.waitForLoadState("networkidle");
          const where = `${dialog.path} (${dialog.button[language]})`;
          expect(await seriousViolations(page, where, "[role=dialog]")).toEqual([]);
          expect(await horizontalOverflow(page), `${where} overflows at ${width} px`).toBeLessThanOrEqual(0);
          await page.keyboard.press("Escape");
          await expect(opened).toBeHidden();
        }
      });
    }
  }
}
