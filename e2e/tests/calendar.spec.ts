import { permitPaths } from "@openpermit/shared";
import { areaPath } from "../support/paths";
import { useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

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

// The profile's calendar feed, and the calendar view's screen checks, are enterprise-profile's.
test("the permit page's calendar shows a seeded permit on its day and opens it", async ({ page }) => {
  await useScreen(page, { width: 1280, language: "en" });
  await signIn(page);
  const permit = await seededPermit(page);
  await page.goto(areaPath("enterprise", "permits"));
  await page.getByTestId("permit-display-switch").getByText("Calendar").click();
  await expect(page).toHaveURL(/view=calendar/);
  const calendar = page.getByTestId("permit-calendar");
  await expect(calendar.getByRole("tab", { name: "Month view" })).toHaveAttribute("aria-selected", "true");
  if (permit.nextMonth) await calendar.getByRole("button", { name: "Next Month" }).click();

  const event = calendar.locator(`[data-date="${permit.day}"]`).getByRole("link", { name: permit.documentNumber });
  await expect(event).toBeVisible();
  await expect(event).toContainText(permit.taskTitle);
  await event.click();
  await expect(page).toHaveURL(new RegExp(`${permitPaths("enterprise").view(permit.id)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(permit.taskTitle);

  // Back on the calendar, at the same month (the URL kept it): Enter on a focused event opens it too.
  await page.goBack();
  await event.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${permitPaths("enterprise").view(permit.id)}$`));
});
