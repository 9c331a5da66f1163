import { expect, type Page, test } from "@playwright/test";
import type { DEMO } from "../support/demo-accounts";
import { expectScreensSound, SCREEN_EXTREMES, useScreen } from "../support/screens";
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

/** The permit screens of each side: the lists, the request form, and a permit's page (a demo permit). */
const SCREENS: Array<{ role: TRole; paths: (page: Page) => Promise<string[]> }> = [
  {
    role: "employee",
    paths: async (page) => [
      "/employee/list-permis-saved",
      "/employee/list-permis-saved/new",
      "/employee/list-permis-sent",
      `/employee/list-permis-sent/${await firstPermitId(page, "view=sent&status=In_progress")}`,
    ],
  },
  {
    role: "supplier",
    paths: async (page) => [
      `/supplier/list-permis-saved/${await firstPermitId(page, "view=saved&status=Recheck")}`,
      `/supplier/list-permis-sent/${await firstPermitId(page, "view=sent&status=Approved")}`,
    ],
  },
  {
    role: "responsible",
    paths: async (page) => [
      "/responsible/permit",
      "/responsible/permis-list",
      `/responsible/permit/${await firstPermitId(page, "view=all&status=sended")}`,
    ],
  },
  {
    role: "enterprise",
    paths: async () => ["/enterprise/permit", "/enterprise/filtred?status=Ended,In_progress", "/enterprise/i-permit"],
  },
];

for (const { role, paths } of SCREENS) {
  for (const { width, language } of SCREEN_EXTREMES) {
    test(`the ${role}'s permit screens work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useScreen(page, { width, language });
      await signInAsDemo(page, role);
      const screens = await paths(page);
      await expectScreensSound(page, screens);
      if (role === "employee") {
        // The permit page shows where the work is: the sector's plan with the sub-sector pinned.
        await page.goto(screens.at(-1)!);
        await expect(page.getByTestId("permit-location").locator(".leaflet-container")).toBeVisible();
      }
    });
  }
}
