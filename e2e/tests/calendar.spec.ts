import { expect, type Page, test } from "@playwright/test";
import {
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  expectScreensSound,
  SCREEN_EXTREMES,
  useScreen,
} from "../support/screens";
import { signInAsDemo } from "../support/session";

interface TSeeded {
  id: string;
  documentNumber: string;
  taskTitle: string;
  /** Its start day in the browser's zone (the calendar's day cells are named so). */
  day: string;
  /** Whether it starts in the month after the current one (the month view then needs one "next"). */
  nextMonth: boolean;
}

/** A numbered demo permit starting in the next five days (the demo seeds them relative to its start). */
async function seededPermit(page: Page): Promise<TSeeded> {
  return page.evaluate(async () => {
    const now = Date.now();
    const query = new URLSearchParams({
      view: "all",
      sort: "startAt",
      pageSize: "50",
      from: new Date(now).toISOString(),
      to: new Date(now + 5 * 24 * 3600 * 1000).toISOString(),
    });
    const response = await fetch(`/api/permits?${query}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    const rows = (await response.json()).data as Array<{
      id: string;
      documentNumber: string | null;
      taskTitle: string;
      startAt: string | null;
    }>;
    const found = rows.find((row) => row.documentNumber && row.startAt && Date.parse(row.startAt) > now)!;
    const start = new Date(found.startAt!);
    const pad = (n: number) => String(n).padStart(2, "0");
    const today = new Date(now);
    return {
      id: found.id,
      documentNumber: found.documentNumber!,
      taskTitle: found.taskTitle,
      day: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      nextMonth: start.getMonth() !== today.getMonth(),
    };
  });
}

async function signIn(page: Page) {
  await signInAsDemo(page, "enterprise");
}

// Three of these tests turn the demo enterprise's one calendar feed on and off: in order, on one worker.
test.describe.configure({ mode: "default" });

test("the permit page's calendar shows a seeded permit on its day and opens it", async ({ page }) => {
  await useScreen(page, { width: 1280, language: "en" });
  await signIn(page);
  const permit = await seededPermit(page);
  await page.goto("/enterprise/permit");
  await page.getByTestId("permit-display-switch").getByText("Calendar").click();
  await expect(page).toHaveURL(/view=calendar/);
  const calendar = page.getByTestId("permit-calendar");
  await expect(calendar.getByRole("tab", { name: "Month view" })).toHaveAttribute("aria-selected", "true");
  if (permit.nextMonth) await calendar.getByRole("button", { name: "Next Month" }).click();

  const event = calendar.locator(`[data-date="${permit.day}"]`).getByRole("link", { name: permit.documentNumber });
  await expect(event).toBeVisible();
  await expect(event).toContainText(permit.taskTitle);
  await event.click();
  await expect(page).toHaveURL(new RegExp(`/enterprise/permit/${permit.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(permit.taskTitle);

  // Back on the calendar, at the same month (the URL kept it): Enter on a focused event opens it too.
  await page.goBack();
  await event.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/enterprise/permit/${permit.id}$`));
});

test("the profile gives a private calendar address that lists the permits until it is turned off", async ({ page }) => {
  await useScreen(page, { width: 1280, language: "en" });
  await signIn(page);
  const permit = await seededPermit(page);
  await page.goto("/enterprise/profile");
  const section = page.getByTestId("calendar-feed-section");
  await section.getByRole("button", { name: "Create the address" }).click();
  const address = section.getByLabel("Your private calendar address");
  await expect(address).toHaveValue(/\/api\/public\/calendar\/.+\.ics$/);
  const url = await address.inputValue();

  // What a calendar program does: fetch it without signing in.
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const body = await feed.text();
  expect(body).toContain("BEGIN:VCALENDAR");
  expect(body).toContain(`UID:${permit.id}@openpermit`);
  expect(body).toContain(permit.documentNumber);

  await section.getByRole("button", { name: "Turn off" }).click();
  await page
    .getByRole("dialog", { name: "Turn the calendar feed off?" })
    .getByRole("button", { name: "Turn off" })
    .click();
  await expect(section.getByRole("button", { name: "Create the address" })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});

const FEED_WORDS = {
  en: { create: "Create the address", turnOff: "Turn off" },
  fr: { create: "Créer l'adresse", turnOff: "Désactiver" },
} as const;

for (const { width, language } of SCREEN_EXTREMES) {
  test(`the calendar view and the profile's feed section at ${width} px in ${language}: no serious axe violations, no overflow`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useScreen(page, { width, language });
    await signIn(page);
    await expectScreensSound(page, ["/enterprise/permit?view=calendar"]);
    // A narrow screen opens on the week's list; a wide one on the month.
    const calendar = page.getByTestId("permit-calendar");
    await expect(calendar.getByRole("tab", { selected: true })).toBeVisible();
    await page.goto("/enterprise/profile");
    const section = page.getByTestId("calendar-feed-section");
    const words = FEED_WORDS[language];
    await page.waitForLoadState("networkidle");
    // Both of its states: no address yet, then the address with its buttons (turned off again at the end).
    for (const state of ["none", "address"] as const) {
      if (state === "address") {
        await section.getByRole("button", { name: words.create }).click();
        await expect(section.getByRole("textbox")).toBeVisible();
      }
      await expectNoSeriousAxeViolations(
        page,
        `feed ${state} ${width} ${language}`,
        "[data-testid=calendar-feed-section]",
      );
      await expectNoHorizontalOverflow(page, `feed ${state} ${width} ${language}`);
    }
    await section.getByRole("button", { name: words.turnOff }).click();
    await page.getByRole("dialog").getByRole("button", { name: words.turnOff }).click();
    await expect(section.getByRole("button", { name: words.create })).toBeVisible();
  });
}
