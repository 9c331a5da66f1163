import { permitPaths } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { act, draftInASectorOfItsOwn } from "../support/permit-api";
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  expectScreensSound,
  SCREEN_EXTREMES,
  useScreen,
} from "../support/screens";
import { openDashboardAs, signInByApi } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A view of the drawer's All | Unread control (its radio inputs are visually hidden: their labels are clicked). */
async function choose(drawer: Locator, view: string) {
  await drawer.locator("label", { hasText: new RegExp(`^${view}$`) }).click();
  await expect(drawer.getByRole("radio", { name: view })).toBeChecked();
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

async function openDrawer(page: Page, seeAll = "See all") {
  await bell(page).click();
  await page.getByRole("button", { name: seeAll }).click();
  const drawer = page.getByTestId("notifications-drawer").getByRole("dialog", { name: "Notifications" });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("a permit manager follows its notifications in the drawer and chooses what comes by e-mail", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  // A manager of its own, of a sector of its own: nobody else's spec reads or marks its notifications, and no other
  // journey's permit there notifies it.
  const { draft } = await draftInASectorOfItsOwn(request, employee, "Notified bay");
  const manager = {
    name: "Nina Notified",
    email: uniqueEmail("notified"),
    password: "Notified-pass-1",
    division: draft.division!.name,
    sector: new RegExp(`^${escaped(draft.sector!.name)}$`),
    role: "verifier",
  };
  await createPermitManager(request, await bearerOf(request, DEMO.enterprise.email), manager);
  const managerBearer = await bearerOf(request, manager.email, manager.password);

  // Through the API (the sign-in page has its own specs), onto its dashboard.
  await signInByApi(page, manager.email, manager.password);
  await page.goto(areaPath("responsible", "dashboard"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  let drawer = await openDrawer(page);
  await expect(drawer.getByText("No notifications")).toBeVisible();
  await choose(drawer, "Unread");
  await expect(drawer.getByText("No unread notifications")).toBeVisible();
  await choose(drawer, "All");

  // Sent, sent back for a recheck, sent again, twice: three notifications, arriving live in the open drawer. The
  // manager's rechecks answered the first two: they say so, and only the last still counts as unread.
  await act(request, employee, draft.id, "send");
  for (let i = 0; i < 2; i++) {
    await act(request, managerBearer, draft.id, "recheck", { remark: "Name the fire watch." });
    await act(request, employee, draft.id, "send");
  }
  const items = page.getByTestId("notifications-drawer").getByRole("listitem");
  await expect(items).toHaveCount(3, { timeout: 20_000 });
  await expect(items.first()).toContainText(new RegExp(`sent permit .*“${escaped(draft.taskTitle)}” for verification`));
  await expect(items.first()).not.toContainText("Done: already acted on");
  await expect(items.nth(1)).toContainText("Done: already acted on");
  await expect(items.nth(2)).toContainText("Done: already acted on");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(drawer.getByRole("button", { name: "Mark as read" })).toHaveCount(1);
  // Done notices beside a waiting one, at both extremes: a desktop in English, then a phone in French.
  const doneNoticesSound = async (label: string) => {
    await expectNoSeriousAxeViolations(page, `drawer with done notices ${label}`, "[data-testid=notifications-drawer]");
    await expectNoHorizontalOverflow(page, `drawer with done notices ${label}`);
  };
  await doneNoticesSound("1280 en");
  const inLanguage = async (language: "en" | "fr", width: number, seeAll: string) => {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate((lng) => localStorage.setItem("language", lng), language);
    await page.reload();
    drawer = await openDrawer(page, seeAll);
  };
  await inLanguage("fr", 360, "Tout voir");
  await expect(items).toHaveCount(3);
  await expect(items.first()).not.toContainText("Traité : déjà fait");
  await expect(items.nth(1)).toContainText("Traité : déjà fait");
  await expect(items.nth(2)).toContainText("Traité : déjà fait");
  await doneNoticesSound("360 fr");
  // A French reader's export is in French too (the account's language, saved when the person chose it): its header
  // and the permit's status in words, never as stored.
  const chosen = await request.patch("/api/auth/me", { headers: managerBearer, data: { language: "fr" } });
  expect(chosen.status()).toBe(200);
  const exported = await request.get("/api/permits/export?format=csv&tz=Europe%2FParis", { headers: managerBearer });
  expect(exported.status()).toBe(200);
  const [header, ...lines] = (await exported.text()).replace(/^\uFEFF/, "").split(/\r?\n/);
  expect(header).toContain("Statut");
  const line = lines.find((l) => l.includes(draft.taskTitle));
  expect(line).toContain("Envoyé");
  expect(line).not.toContain("sended");
  await inLanguage("en", 1280, "See all");

  // The unread view holds the one still waiting; all read, the count goes to zero and the unread view is empty; all
  // three stay in the full list.
  await choose(drawer, "Unread");
  await expect(items).toHaveCount(1);
  await drawer.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(drawer.getByText("No unread notifications")).toBeVisible();
  await choose(drawer, "All");
  await expect(items).toHaveCount(3);
  await expect(drawer.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  // A notification opens its permit and closes the drawer.
  await items.first().getByRole("button").first().click();
  await expect(page).toHaveURL(new RegExp(`${permitPaths("responsible").view(draft.id)}$`));
  await expect(drawer).toBeHidden();
  drawer = await openDrawer(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // E-mail preferences: "sent for verification" turned off, saved, still off after a reload.
  await page.goto(areaPath("responsible", "profile"));
  const section = page.getByRole("region", { name: "E-mail notifications" });
  const sentSwitch = section.getByRole("switch", { name: /^Permit sent for verification/ });
  await expect(sentSwitch).toBeChecked();
  await sentSwitch.uncheck();
  await section.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("E-mail preferences saved")).toBeVisible();
  await page.reload();
  await expect(section.getByRole("switch", { name: /^Permit sent for verification/ })).not.toBeChecked();
  await expect(section.getByRole("switch", { name: /^Permit accepted/ })).toBeChecked();
  const stored = await getData<{ kinds: { kind: string; email: boolean }[] }>(
    request,
    "/api/me/notification-preferences",
    managerBearer,
  );
  expect(stored.kinds.filter((k) => !k.email).map((k) => k.kind)).toEqual(["permit.sent"]);
});

for (const { width, language } of SCREEN_EXTREMES) {
  test(`the notifications drawer and the e-mail preferences work at ${width} px in ${language}, with no serious axe violations`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useScreen(page, { width, language });
    await openDashboardAs(page, "responsible");
    const drawer = await openDrawer(page, language === "en" ? "See all" : "Tout voir");
    await expect(drawer.getByRole("radio").first()).toBeChecked();
    await page.waitForLoadState("networkidle");
    if (width === 360) {
      const box = await drawer.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(359);
    }
    // The drawer alone: the page behind it is other screens' business.
    await expectNoSeriousAxeViolations(page, `drawer ${width} ${language}`, "[data-testid=notifications-drawer]");
    await expectNoHorizontalOverflow(page, `drawer ${width} ${language}`);

    // The responsible's whole profile page: also its profile check (the enterprise's is enterprise-profile's, the
    // other roles' role-screens-accessibility's). Its sections were loaded (not a loader or an error) when the checks
    // ran.
    await expectScreensSound(page, [areaPath("responsible", "profile")]);
    const title = language === "en" ? "E-mail notifications" : "Notifications par e-mail";
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("region", { name: title }).getByRole("switch").first()).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
  });
}
