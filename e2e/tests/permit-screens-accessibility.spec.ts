import { expect, type Page, test } from "@playwright/test";
import type { DEMO } from "../support/demo-accounts";
import { DESKTOP_EN, expectScreensSound, SCREEN_EXTREMES, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";

/** The id of the first permit the signed-in page's list answers with `query`. */
async function firstPermitId(page: Page, query: string): Promise<string> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/permits?${q}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return ((await response.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  }, query);
}

type TRole = keyof typeof DEMO;
/** `journey`: checked at the wide extreme by permit-life-cycle, where it opens the same screen in the same state. */
type TScreen = { path: string; journey?: true };

/** The permit screens of each side: the lists, the request form, and a permit's page (a demo permit). */
const SCREENS: Array<{ role: TRole; screens: (page: Page) => Promise<TScreen[]> }> = [
  {
    role: "employee",
    screens: async (page) => [
      { path: "/employee/list-permis-saved", journey: true },
      { path: "/employee/list-permis-saved/new", journey: true },
      { path: "/employee/list-permis-sent" },
      { path: `/employee/list-permis-sent/${await firstPermitId(page, "view=sent&status=In_progress")}` },
    ],
  },
  {
    role: "supplier",
    screens: async (page) => [
      { path: `/supplier/list-permis-saved/${await firstPermitId(page, "view=saved&status=Recheck")}` },
      { path: `/supplier/list-permis-sent/${await firstPermitId(page, "view=sent&status=Approved")}`, journey: true },
    ],
  },
  {
    role: "responsible",
    screens: async (page) => [
      { path: "/responsible/permit" },
      { path: "/responsible/permis-list" },
      { path: `/responsible/permit/${await firstPermitId(page, "view=all&status=sended")}`, journey: true },
    ],
  },
  {
    role: "enterprise",
    screens: async () => [
      { path: "/enterprise/permit" },
      { path: "/enterprise/filtred?status=Ended,In_progress" },
      { path: "/enterprise/i-permit" },
    ],
  },
];

for (const { role, screens } of SCREENS) {
  for (const { width, language } of SCREEN_EXTREMES) {
    const wide = width === DESKTOP_EN.width;
    test(`the ${role}'s permit screens work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useScreen(page, { width, language });
      await signInAsDemo(page, role);
      const all = await screens(page);
      await expectScreensSound(
        page,
        all.filter((screen) => !(wide && screen.journey)).map((screen) => screen.path),
      );
      if (role === "employee") {
        // The permit page (the last screen checked, still open) shows where the work is: the sector's plan with the
        // sub-sector pinned.
        expect(new URL(page.url()).pathname).toBe(all.at(-1)!.path);
        await expect(page.getByTestId("permit-location").locator(".leaflet-container")).toBeVisible();
      }
    });
  }
}
