import { permitPaths, type TArea } from "@openpermit/shared";
import { type DEMO, DEMO_CONTRACTORS, DEMO_ENTERPRISE_NAME } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import {
  DESKTOP_EN,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  openInApp,
  openScreen,
  PHONE_FR,
  useScreen,
} from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

/**
 * Every role's screens that no journey checks where it opens them, at the sizes and in the languages each is checked
 * at: one test per role and screen size, signed in once, the first screen loaded and the others opened inside the app
 * (a new sign-in and app load per screen family cost more than the checks). Each screen is checked as
 * `expectScreensSound` checks it (a page heading, no serious or critical axe violation, no horizontal overflow);
 * `ready` is what shows it loaded (not a loader or an error) before the checks run, `after` what is checked after.
 *
 * The wide extreme of the screens a journey opens is checked there, where it opens them: the enterprise's and the
 * super-responsible's organisation screens (enterprise-organises-site, superresponsible-sees-own-division), the admin's
 * and the enterprise's risk screens and create forms (enterprise-configures-risks), the contractor screens of
 * contractors.spec, the permit screens of permit-life-cycle and the dashboards of dashboards.spec. The enterprise's and
 * the responsible's profiles are enterprise-profile's and notifications-drawer's.
 */
interface TScreen {
  path: string;
  ready?: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
  /** A create form this screen opens: its button's name in each language. */
  dialog?: Record<TLanguage, string>;
}

type TLanguage = "en" | "fr";
type TSize = { width: number; language: TLanguage };
type TRole = keyof typeof DEMO;

/** The first id a list endpoint gives the signed-in page (its token is in localStorage). */
async function firstId(page: Page, url: string): Promise<string> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
    return ((await response.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  }, url);
}

/** The demo contractor Acme's id, as the admin finds it by its name. */
async function demoContractorId(page: Page): Promise<string> {
  return page.evaluate(async (name) => {
    const response = await fetch(`/api/admin/suppliers?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return ((await response.json()) as { data: Array<{ id: string; name: string }> }).data.find((s) => s.name === name)!
      .id;
  }, DEMO_CONTRACTORS.acme.name);
}

/** The demo enterprise's id, as the admin finds it by its name. */
async function demoEnterpriseId(page: Page): Promise<string> {
  return page.evaluate(async (name) => {
    const response = await fetch(`/api/admin/enterprises?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return ((await response.json()) as { data: Array<{ id: string; name: string }> }).data.find((e) => e.name === name)!
      .id;
  }, DEMO_ENTERPRISE_NAME);
}

const firstPermitId = (page: Page, query: string) => firstId(page, `/api/permits?${query}`);

/**
 * The first permit of the list whose place is pinned on a plan (its sub-sector placed): the journeys running beside
 * this one add permits of their own, some in sectors without a plan, whose page shows no location.
 */
async function firstPlacedPermitId(page: Page, query: string): Promise<string> {
  return page.evaluate(async (path) => {
    const headers = { authorization: `Bearer ${localStorage.getItem("token")}` };
    const list = (await (await fetch(path, { headers })).json()) as { data: Array<{ id: string }> };
    for (const { id } of list.data) {
      const permit = (await (await fetch(`/api/permits/${id}`, { headers })).json()) as {
        data: { subSector: { x: number | null } | null };
      };
      if (typeof permit.data.subSector?.x === "number") return id;
    }
    throw new Error(`no permit of ${path} is placed on a plan`);
  }, `/api/permits?${query}&pageSize=50`);
}

const FIGURES_SHOWN = async (page: Page) => {
  await expect(page.locator("[data-testid^=figure-]").first()).toBeVisible();
};
const dashboard = (area: TArea): TScreen => ({ path: areaPath(area, "dashboard"), ready: FIGURES_SHOWN });

const PREFERENCES = { en: "E-mail notifications", fr: "Notifications par e-mail" } as const;
/** A profile: its e-mail preferences (a heading and their switches) loaded. */
const profile = (area: TArea, language: TLanguage): TScreen => ({
  path: areaPath(area, "profile"),
  ready: async (page) => {
    await expect(page.getByRole("heading", { name: PREFERENCES[language] })).toBeVisible();
    await expect(page.getByRole("switch").first()).toBeVisible();
  },
});

const statistics = (area: TArea): TScreen => ({
  path: areaPath(area, "statistics"),
  after: async (page) => {
    await expect(page.getByTestId("chart-perMonth")).toBeVisible();
  },
});

const ASSIGN_TABS = ["assignment", "risks", "critical", "specific", "links"] as const;
const DIALOGS = {
  workType: { en: "New work type", fr: "Nouveau type de travail" },
  specificRisk: { en: "New specific critical risk", fr: "Nouveau risque critique spécifique" },
  usefulLink: { en: "New useful link", fr: "Nouveau lien utile" },
  epi: { en: "New protective equipment", fr: "Nouvel équipement de protection" },
  evidence: { en: "Give evidence", fr: "Fournir un justificatif" },
} as const;

/** The permit page shows where the work is: the sector's plan with the sub-sector pinned. */
const LOCATION_SHOWN = async (page: Page) => {
  await expect(page.getByTestId("permit-location").locator(".leaflet-container")).toBeVisible();
};

const EN_360 = { width: 360, language: "en" } as const;
const FR_1280 = { width: 1280, language: "fr" } as const;

/** Each role's screens at each size, the first one loaded. */
const PLANS: Array<{ role: TRole; size: TSize; screens: (page: Page) => Promise<TScreen[]> }> = [
  {
    role: "enterprise",
    size: PHONE_FR,
    screens: async (page) => [
      dashboard("enterprise"),
      // Contractors.
      { path: areaPath("enterprise", "contractors") },
      { path: areaPath("enterprise", "contractorProfile", `id=${await firstId(page, "/api/contractors?q=Acme")}`) },
      { path: areaPath("enterprise", "requests") },
      // Permits.
      { path: areaPath("enterprise", "permits") },
      { path: areaPath("enterprise", "filteredPermits", "status=Ended,In_progress") },
      { path: areaPath("enterprise", "internalPermit") },
      // Organisation.
      { path: areaPath("enterprise", "divisions") },
      { path: areaPath("enterprise", "sectors") },
      { path: areaPath("enterprise", "subSectors") },
      ...(["onsite", "permit", "matrix"] as const).map((tab) => ({
        path: areaPath("enterprise", "superResponsibles", `tab=${tab}`),
      })),
      // Risks, and their create forms.
      { path: areaPath("enterprise", "generalWorkTypes") },
      { path: areaPath("enterprise", "procedureWorkTypes"), dialog: DIALOGS.workType },
      ...[...ASSIGN_TABS, "epis"].map((tab) => ({
        path: areaPath("enterprise", "riskAssignment", `tab=${tab}`),
        dialog: tab === "specific" ? DIALOGS.specificRisk : tab === "links" ? DIALOGS.usefulLink : undefined,
      })),
      { path: areaPath("enterprise", "riskMatrix") },
      // Contractor compliance: where each stands, and the evidence waiting for review.
      { path: areaPath("enterprise", "compliance") },
      { path: areaPath("enterprise", "complianceReview") },
    ],
  },
  {
    role: "enterprise",
    size: DESKTOP_EN,
    screens: async (page) => [
      { path: areaPath("enterprise", "contractorProfile", `id=${await firstId(page, "/api/contractors?q=Acme")}`) },
      { path: areaPath("enterprise", "permits") },
      { path: areaPath("enterprise", "filteredPermits", "status=Ended,In_progress") },
      { path: areaPath("enterprise", "internalPermit") },
      { path: areaPath("enterprise", "compliance") },
      { path: areaPath("enterprise", "complianceReview") },
    ],
  },
  { role: "enterprise", size: EN_360, screens: async () => [statistics("enterprise")] },
  { role: "enterprise", size: FR_1280, screens: async () => [statistics("enterprise")] },
  ...[PHONE_FR, DESKTOP_EN].map((size) => ({
    role: "superresponsible" as const,
    size,
    screens: async () => [
      dashboard("superresponsible"),
      profile("superresponsible", size.language),
      { path: areaPath("superresponsible", "contractors") },
      { path: areaPath("superresponsible", "requests") },
      ...(size === PHONE_FR
        ? [
            { path: areaPath("superresponsible", "zones") },
            { path: areaPath("superresponsible", "subZones") },
            { path: areaPath("superresponsible", "responsibles", "tab=permit") },
            { path: areaPath("superresponsible", "responsibles", "tab=matrix") },
          ]
        : []),
      // Read only: no create form to open.
      ...ASSIGN_TABS.map((tab) => ({ path: areaPath("superresponsible", "riskAssignment", `tab=${tab}`) })),
      { path: areaPath("superresponsible", "riskMatrix") },
      statistics("superresponsible"),
      { path: areaPath("superresponsible", "compliance") },
      { path: areaPath("superresponsible", "complianceReview") },
    ],
  })),
  {
    role: "responsible",
    size: PHONE_FR,
    screens: async (page) => [
      dashboard("responsible"),
      { path: areaPath("responsible", "contractors") },
      { path: areaPath("responsible", "requests") },
      { path: areaPath("responsible", "permits") },
      { path: areaPath("responsible", "allPermits") },
      { path: permitPaths("responsible").view(await firstPermitId(page, "view=all&status=sended")) },
    ],
  },
  {
    role: "responsible",
    size: DESKTOP_EN,
    screens: async () => [
      { path: areaPath("responsible", "contractors") },
      { path: areaPath("responsible", "requests") },
      { path: areaPath("responsible", "permits") },
      { path: areaPath("responsible", "allPermits") },
    ],
  },
  { role: "responsible", size: EN_360, screens: async () => [statistics("responsible")] },
  { role: "responsible", size: FR_1280, screens: async () => [statistics("responsible")] },
  ...[PHONE_FR, DESKTOP_EN].map((size) => ({
    role: "supplier" as const,
    size,
    screens: async (page: Page) => [
      ...(size === PHONE_FR ? [dashboard("supplier")] : []),
      profile("supplier", size.language),
      { path: areaPath("supplier", "employees") },
      { path: areaPath("supplier", "supplierRequests") },
      { path: areaPath("supplier", "externalProfile") },
      // The demo contractor's evidence in every state, and the form that gives more.
      { path: areaPath("supplier", "compliance"), dialog: DIALOGS.evidence },
      { path: permitPaths("supplier").edit(await firstPermitId(page, "view=saved&status=Recheck")) },
      ...(size === PHONE_FR
        ? [{ path: permitPaths("supplier").view(await firstPermitId(page, "view=sent&status=Approved")) }]
        : []),
    ],
  })),
  ...[PHONE_FR, DESKTOP_EN].map((size) => ({
    role: "employee" as const,
    size,
    screens: async (page: Page) => [
      dashboard("employee"),
      profile("employee", size.language),
      ...(size === PHONE_FR
        ? [{ path: permitPaths("employee").saved }, { path: permitPaths("employee").newRequest }]
        : []),
      { path: permitPaths("employee").sent },
      {
        path: permitPaths("employee").view(await firstPlacedPermitId(page, "view=sent&status=In_progress")),
        after: LOCATION_SHOWN,
      },
    ],
  })),
  ...[PHONE_FR, DESKTOP_EN].map((size) => ({
    role: "admin" as const,
    size,
    screens: async (page: Page) => [
      ...(size === PHONE_FR ? [dashboard("admin")] : []),
      profile("admin", size.language),
      ...(size === PHONE_FR ? [{ path: areaPath("admin", "contractors") }] : []),
      { path: areaPath("admin", "enterprises") },
      { path: areaPath("admin", "enterpriseProfile", `id=${await demoEnterpriseId(page)}`) },
      // A contractor with evidence in every state: its principals' badges and document standings.
      { path: areaPath("admin", "contractorProfile", `id=${await demoContractorId(page)}`) },
      // The credits requests (credits-request's journey approves one at the wide extreme, on the default tab).
      { path: areaPath("admin", "adminRequests", "kind=credits&status=all") },
      ...(size === PHONE_FR ? [{ path: areaPath("admin", "epis"), dialog: DIALOGS.epi }] : []),
    ],
  })),
];

for (const { role, size, screens } of PLANS) {
  const { width, language } = size;
  test(`the ${role}'s screens work at ${width} px in ${language}, with no serious axe violations`, async ({ page }) => {
    test.setTimeout(240_000);
    await useScreen(page, size);
    await signInAsDemo(page, role);
    for (const [index, screen] of (await screens(page)).entries()) {
      if (index === 0) await openScreen(page, screen.path);
      else await openInApp(page, screen.path);
      await screen.ready?.(page);
      await expectNoSeriousAxeViolations(page, screen.path);
      await expectNoHorizontalOverflow(page, screen.path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await screen.after?.(page);
      if (screen.dialog) {
        // Its create form, open over it: axe on the form alone (the page behind it was checked just above). Opened
        // from the keyboard: a live notice of the journeys running beside (a toast, top right at 360 px) can lie over
        // the button, and a pointer held over a toast keeps it open.
        await page.getByRole("button", { name: screen.dialog[language], exact: true }).press("Enter");
        const opened = page.getByRole("dialog");
        await expect(opened).toBeVisible();
        const where = `${screen.path} (${screen.dialog[language]})`;
        await expectNoSeriousAxeViolations(page, where, "[role=dialog]");
        await expectNoHorizontalOverflow(page, where);
        await page.keyboard.press("Escape");
        await expect(opened).toBeHidden();
      }
    }
  });
}
