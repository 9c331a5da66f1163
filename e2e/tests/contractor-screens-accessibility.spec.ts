import { type Page, test } from "@playwright/test";
import type { DEMO } from "../support/demo-accounts";
import { DESKTOP_EN, expectScreensSound, SCREEN_EXTREMES, useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";

/** The first id a list endpoint gives the signed-in page (its token is in localStorage). */
async function firstId(page: Page, url: string): Promise<string> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
    return ((await response.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  }, url);
}

type TRole = keyof typeof DEMO;

/**
 * The screens contractors.spec checks at the wide extreme, where its journeys open them as the same demo account:
 * the enterprise's contractors and requests, the admin's suppliers.
 */
const IN_JOURNEYS = new Set(["/enterprise/suppliers", "/enterprise/demand", "/admin/suppliers"]);

/** Each role's contractor screens; detail pages get the id of a demo record (Acme Maintenance, Rhône Refinery). */
const SCREENS: Record<string, { role: TRole; paths: (page: Page) => Promise<string[]> }> = {
  enterprise: {
    role: "enterprise",
    paths: async (page) => [
      "/enterprise/suppliers",
      `/enterprise/suppliers/profile?id=${await firstId(page, "/api/contractors?q=Acme")}`,
      "/enterprise/demand",
    ],
  },
  superresponsible: {
    role: "superresponsible",
    paths: async () => ["/superresponsible/suppliers", "/superresponsible/demand"],
  },
  responsible: { role: "responsible", paths: async () => ["/responsible/suppliers", "/responsible/demand"] },
  supplier: {
    role: "supplier",
    paths: async () => ["/supplier/employeelist", "/supplier/demandlist", "/supplier/profile/external"],
  },
  admin: {
    role: "admin",
    paths: async (page) => [
      "/admin/suppliers",
      "/admin/enterprises",
      `/admin/enterprises/profile?id=${await firstId(page, "/api/admin/enterprises?q=Rh")}`,
    ],
  },
};

for (const [name, { role, paths }] of Object.entries(SCREENS)) {
  for (const { width, language } of SCREEN_EXTREMES) {
    test(`the ${name}'s contractor screens work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useScreen(page, { width, language });
      await signInAsDemo(page, role);
      const wide = width === DESKTOP_EN.width;
      await expectScreensSound(
        page,
        (await paths(page)).filter((path) => !(wide && IN_JOURNEYS.has(path))),
      );
    });
  }
}
