import { DEMO_ENTERPRISE_NAME } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { signInAsDemo } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

// The credits request form (enterprise-profile) and the admin's credits screens (role-screens-accessibility) are
// checked at both extremes there.

/** The figures of the enterprise's credits card, read as a person reads them. */
async function creditFigures(section: Locator) {
  const read = async (label: string) => {
    const name = await section.getByRole("group", { name: new RegExp(`^${label}: \\d+$`) }).getAttribute("aria-label");
    return Number(name!.split(": ")[1]);
  };
  return { bought: await read("Bought"), used: await read("Used"), remaining: await read("Remaining") };
}

/** The credits card (its own section, inside the company page section). */
const creditsSection = (page: Page) => page.locator("section#permit-credits");

test("the enterprise requests credits, the admin approves them, and its remaining count goes up by the quantity", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Unique to this run, so the admin opens this very request.
  const quantity = 17;
  const note = `E2E order ${Date.now()}`;

  await signInAsDemo(page, "enterprise");
  await page.goto(areaPath("enterprise", "profile"));
  const section = creditsSection(page);
  await expect(section.getByRole("group", { name: /^Remaining: \d+$/ })).toBeVisible();
  const before = await creditFigures(section);

  await section.getByRole("button", { name: "Request credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Request permit credits" });
  await dialog.getByLabel(/^Number of credits/).fill(String(quantity));
  await dialog.getByLabel("Note (optional)").fill(note);
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText("Request registered")).toBeVisible();
  await expect(dialog).toBeHidden();
  const request = section.getByTestId("credit-demand").filter({ hasText: note });
  await expect(request.getByText("Pending")).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsDemo(admin, "admin");
  await admin.goto(areaPath("admin", "adminRequests"));
  await admin.getByRole("tab", { name: "Credits" }).click();
  await expect(admin).toHaveURL(/kind=credits/);
  const card = admin.getByTestId("credit-demand-card").filter({ hasText: note });
  await expect(card.getByRole("heading", { name: DEMO_ENTERPRISE_NAME })).toBeVisible();
  await expect(card.getByText(`${quantity} credits`)).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.getByRole("dialog", { name: "Approve this credits request?" });
  await expect(
    confirm.getByText(`Record a purchase of ${quantity} credits for ${DEMO_ENTERPRISE_NAME}?`),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Record the purchase" }).click();
  await expect(admin.getByText("Purchase completed")).toBeVisible();
  await expect(card).toBeHidden();
  await adminContext.close();

  await page.reload();
  // The whole profile page loads again (account, company page, credits, preferences, feed, audit trail): on a
  // busy machine it was still loading after the default 10 s.
  await expect(request.getByText("Approved")).toBeVisible({ timeout: 30_000 });
  const after = await creditFigures(section);
  expect(after.bought).toBe(before.bought + quantity);
  // Other journeys may send the demo's permits meanwhile: each send uses one credit, counted under Used.
  expect(after.remaining).toBe(before.remaining + quantity - (after.used - before.used));
});
