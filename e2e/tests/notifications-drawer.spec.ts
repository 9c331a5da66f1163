import { permitPaths } from "@openpermit/shared";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  expectScreensSound,
  SCREEN_EXTREMES,
  useScreen,
} from "../support/screens";
import { openDashboardAs, signInByApi } from "../support/session";

type TBearer = Record<string, string>;
interface TRef {
  id: string;
  name: string;
}
interface TPermitRead {
  id: string;
  taskTitle: string;
  enterprise: TRef;
  division: TRef | null;
  sector: TRef | null;
  subSector: TRef | null;
  workType: TRef | null;
  jobDescription: string;
  probability: { id: string } | null;
  severity: { id: string } | null;
  risks: TRef[];
  specificRisks: TRef[];
  epis: TRef[];
  checklist: { source: string; sourceId: string; index: number }[];
  sendMissing: Record<string, string>;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function act(request: APIRequestContext, bearer: TBearer, permitId: string, action: string, remark?: string) {
  const response = await request.post(`/api/permits/${permitId}/${action}`, {
    headers: bearer,
    data: remark === undefined ? undefined : { remark },
  });
  expect(response.status(), `${action}: ${await response.text()}`).toBe(200);
}

/**
 * A new draft of the demo employee, copied from one of its sent permits, then answered for anew as a copy must be
 * (a window from now, the safe answers, every checklist item of the original ticked): ready to send.
 */
async function employeeDraft(request: APIRequestContext, employee: TBearer): Promise<TPermitRead> {
  const sent = await getData<Array<{ id: string }>>(request, "/api/permits?view=sent&pageSize=50", employee);
  const start = Date.now() + 10 * 60_000;
  for (const { id } of sent) {
    const original = await getData<TPermitRead>(request, `/api/permits/${id}`, employee);
    const copy = await request.post(`/api/permits/${id}/duplicate`, { headers: employee });
    if (copy.status() !== 201) continue;
    const draft = (await copy.json()).data as TPermitRead;
    const answered = await request.patch(`/api/permits/${draft.id}`, {
      headers: employee,
      data: {
        enterpriseId: draft.enterprise.id,
        sectorId: draft.sector?.id ?? null,
        subSectorId: draft.subSector?.id ?? null,
        workTypeId: draft.workType?.id ?? null,
        taskTitle: draft.taskTitle,
        jobDescription: draft.jobDescription,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 8 * 3_600_000).toISOString(),
        probabilityId: draft.probability?.id ?? null,
        severityId: draft.severity?.id ?? null,
        riskIds: draft.risks.map((r) => r.id),
        specificRiskIds: draft.specificRisks.map((r) => r.id),
        epiIds: draft.epis.map((e) => e.id),
        answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
        checklist: original.checklist.map(({ source, sourceId, index }) => ({
          source,
          sourceId,
          index,
          checked: true,
        })),
      },
    });
    const ready = answered.ok() ? ((await answered.json()).data as TPermitRead) : draft;
    if (ready.sector && ready.division && Object.keys(ready.sendMissing).length === 0) return ready;
    await request.delete(`/api/permits/${draft.id}`, { headers: employee });
  }
  throw new Error("no demo permit of the employee could be copied into a sendable draft");
}

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
  const draft = await employeeDraft(request, employee);
  // A manager of its own: nobody else's spec reads or marks its notifications.
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

  // Sent, sent back for a recheck, sent again, twice: three notifications, arriving live in the open drawer.
  await act(request, employee, draft.id, "send");
  for (let i = 0; i < 2; i++) {
    await act(request, managerBearer, draft.id, "recheck", "Name the fire watch.");
    await act(request, employee, draft.id, "send");
  }
  const items = drawer.getByRole("listitem");
  await expect(items).toHaveCount(3, { timeout: 20_000 });
  await expect(items.first()).toContainText(new RegExp(`sent permit .*“${escaped(draft.taskTitle)}” for verification`));
  await expect(bell(page)).toHaveAccessibleName("Notifications, 3 unread");

  // One marked read: the unread view holds the two others.
  await items.first().getByRole("button", { name: "Mark as read" }).click();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await choose(drawer, "Unread");
  await expect(items).toHaveCount(2);
  await expect(drawer.getByRole("button", { name: "Mark as read" })).toHaveCount(2);

  // All read: the count goes to zero, and the unread view is empty; all three stay in the full list.
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
