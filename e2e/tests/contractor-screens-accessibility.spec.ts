import { type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { expectScreensSound, useScreen } from "../support/screens";
import { expectArea, signInInAnyLanguage } from "../support/session";

/** The first id a list endpoint gives the signed-in page (its token is in localStorage). */
async function firstId(page: Page, url: string): Promise<string> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
    return ((await response.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  }, url);
}

type TRole = keyof typeof DEMO;

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
    paths: async () => [
      "/supplier/employeelist",
      "/supplier/demandlist",
      "/supplier/profile",
      "/supplier/profile/external",
    ],
  },
  employee: { role: "employee", paths: async () => ["/employee/profile"] },
  admin: {
    role: "admin",
    paths: async (page) => [
      "/admin/suppliers",
      "/admin/enterprises",
      `/admin/enterprises/profile?id=${await firstId(page, "/api/admin/enterprises?q=Rh")}`,
    ],
  },
};

/** Every combination for the roles with the most screens; the others at the two extremes. */
const FULL = new Set(["enterprise", "supplier", "admin"]);
const COMBINATIONS = [
  { width: 360, language: "en" },
  { width: 1280, language: "fr" },
  { width: 360, language: "fr" },
  { width: 1280, language: "en" },
] as const;

for (const [name, { role, paths }] of Object.entries(SCREENS)) {
  for (const [index, { width, language }] of COMBINATIONS.entries()) {
    if (index >= 2 && !FULL.has(name)) continue;
    test(`the ${name}'s contractor screens work at ${width} px in ${language}, with no serious axe violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useScreen(page, { width, language });
      await signInInAnyLanguage(page, DEMO[role].email, DEMO_PASSWORD);
      await expectArea(page, role);
      await expectScreensSound(page, await paths(page));
    });
  }
}
